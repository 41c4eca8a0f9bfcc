package checking

import (
	"context"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// TestTextKey pins what counts as the same claim text: case, Turkish letters, spacing,
// punctuation and apostrophes do not matter; words, their order, negation and numbers do.
func TestTextKey(t *testing.T) {
	base := TextKey("Aşılar otizme neden olur")
	for _, tc := range []struct {
		claim string
		same  bool
	}{
		{"Aşılar otizme neden olur", true},
		{"AŞILAR OTİZME NEDEN OLUR", true},
		{"asilar otizme neden olur", true},
		{"  Aşılar   otizme,\nneden olur!  ", true},
		{"“Aşılar otizme neden olur.”", true},
		{"Aşılar otizme neden olmaz", false}, // negated: another claim
		{"Otizme aşılar neden olur", false},  // reordered: left to the analysis's matching
		{"Aşılar otizme neden olur 2", false},
		{"Aşılar otizm neden olur", false},
	} {
		if got := TextKey(tc.claim) == base; got != tc.same {
			t.Errorf("TextKey(%q) same = %v, want %v", tc.claim, got, tc.same)
		}
	}
	if TextKey("Ay'a hiç gidilmedi") != TextKey("AYA HIC GIDILMEDI") || TextKey("Ay’a hiç gidilmedi") != TextKey("Ay'a hiç gidilmedi") {
		t.Error("an apostrophe before a Turkish suffix changes the key")
	}
	if len(base) != 64 {
		t.Errorf("key %q is not a hex SHA-256", base)
	}
}

// TestRepeatChecksAreLinked checks that every surface's check stores its own record with the
// text key (the web form's without a charge, an API's with one), and that the store links them,
// oldest first, on both databases; a hidden record is not listed.
func TestRepeatChecksAreLinked(t *testing.T) {
	an, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		stores := storerules.Stores(db)
		s := NewService(an, stores.Claims, nil)
		key := newTestKey(t, stores)
		first, err := s.Check(ctx, Input{Claim: "Dünya düzdür"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		second, err := s.Check(ctx, Input{Claim: "DÜNYA DÜZDÜR!"}, admitCharge{key})
		if err != nil {
			t.Fatal(err)
		}
		third, err := s.Check(ctx, Input{Claim: "dunya  duzdur"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		other, err := s.Check(ctx, Input{Claim: "Dünya düz değildir"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if first.ID == second.ID || second.ID == third.ID {
			t.Fatal("a repeat check reused a record; every call must store its own")
		}
		if first.TextKey == nil || *first.TextKey != *second.TextKey || *second.TextKey != *third.TextKey || *other.TextKey == *first.TextKey {
			t.Fatalf("text keys %v %v %v %v", first.TextKey, second.TextKey, third.TextKey, other.TextKey)
		}
		rows, total, err := stores.Claims.Repeats(ctx, *first.TextKey, 20)
		if err != nil {
			t.Fatal(err)
		}
		if total != 3 || len(rows) != 3 || rows[0].ID != first.ID || rows[1].ID != second.ID || rows[2].ID != third.ID {
			t.Fatalf("repeats %+v (total %d), want the three records oldest first", rows, total)
		}
		if rows[0].ViaAPI || !rows[1].ViaAPI || rows[0].Verdict == "" {
			t.Errorf("repeat rows %+v: want the second via the API and verdicts set", rows)
		}
		if rows, total, err = stores.Claims.Repeats(ctx, *first.TextKey, 2); err != nil || total != 3 || len(rows) != 2 {
			t.Errorf("limited repeats: %d rows of %d, %v", len(rows), total, err)
		}
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", first.CreatedAt, second.ID).Error; err != nil {
			t.Fatal(err)
		}
		if _, total, err = stores.Claims.Repeats(ctx, *first.TextKey, 20); err != nil || total != 2 {
			t.Errorf("after hiding one: %d repeats, %v; want 2", total, err)
		}
	})
}
