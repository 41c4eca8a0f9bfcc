package main

import (
	"context"
	"encoding/json"
	"testing"
	"time"
)

// rowsOf is a querier that returns fixed rows.
type rowsOf [][]any

func (r rowsOf) rows(_ context.Context, _ string, _ []any, scan func(func(...any) error) error) error {
	for _, row := range r {
		err := scan(func(dest ...any) error {
			for i, d := range dest {
				*(d.(*any)) = row[i]
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func TestReadJSONRendersRowsAsPostgRESTDoes(t *testing.T) {
	at := time.Date(2026, 11, 21, 23, 39, 17, 123456000, time.UTC)
	id := [16]byte{0x01, 0x90, 0xb8, 0xa0, 0, 0, 0x70, 0, 0x80, 0, 0, 0, 0, 0, 0, 0x01}
	q := rowsOf{
		{id, "Aşılar \"otizme\"\n neden\x00 olur", nil, int64(42), at},
		{"0190b8a0-0000-7000-8000-000000000002", []byte("x"), "https://e.example/a", int32(7), "2026-11-21 23:39:17+00"},
	}
	got, err := readJSON(context.Background(), q, "", nil, []string{"id", "content", "source_url", "ai_score", "created_at"})
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal(got, &rows); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, got)
	}
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2: %s", len(rows), got)
	}
	want := map[string]any{"id": "0190b8a0-0000-7000-8000-000000000001", "content": "Aşılar \"otizme\"\n neden\x00 olur",
		"source_url": nil, "ai_score": float64(42), "created_at": "2026-11-21T23:39:17.123456+00:00"}
	for k, v := range want {
		if rows[0][k] != v {
			t.Errorf("row 0 %s = %#v, want %#v", k, rows[0][k], v)
		}
	}
	if rows[1]["content"] != "x" || rows[1]["ai_score"] != float64(7) {
		t.Errorf("row 1 = %v", rows[1])
	}
	empty, err := readJSON(context.Background(), rowsOf{}, "", nil, []string{"id"})
	if err != nil || string(empty) != "[]" {
		t.Errorf("no rows = %s, %v; want []", empty, err)
	}
}

func TestSelectListAndIDs(t *testing.T) {
	if got := selectList("*"); len(got) != len(columns) {
		t.Errorf("* selects %d columns, want %d", len(got), len(columns))
	}
	if got := selectList("id,content"); len(got) != 2 {
		t.Errorf("id,content selects %v", got)
	}
	if got := selectList("id,password"); got != nil {
		t.Errorf("an unknown column is selected: %v", got)
	}
	for s, want := range map[string]bool{"0190b8a0-0000-7000-8000-000000000001": true, "x": false,
		"0190b8a0-0000-7000-8000-00000000000g": false, "0190b8a0x0000-7000-8000-000000000001": false} {
		if uuidShaped(s) != want {
			t.Errorf("uuidShaped(%q) = %v", s, !want)
		}
	}
	if len(uuidV4()) != 36 || !uuidShaped(uuidV4()) {
		t.Error("uuidV4 is not UUID-shaped")
	}
}
