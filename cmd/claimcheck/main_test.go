package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// cli runs the command line against a database URL and returns stdout, stderr and the error.
func cli(t *testing.T, dbURL string, args ...string) (string, string, error) {
	t.Helper()
	env := map[string]string{"DATABASE_URL": dbURL}
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, &out, &errOut, slog.New(slog.NewTextHandler(io.Discard, nil)),
		func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	return out.String(), errOut.String(), err
}

func TestKeysLifecycle(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			u := testdb.URL(t, d)
			out, stderr, err := cli(t, u, "keys", "create", "--plan", "starter", "--name", "newsroom bot")
			if err != nil {
				t.Fatalf("keys create: %v", err)
			}
			secret := strings.TrimSpace(out)
			if !keys.LooksValid(secret) {
				t.Fatalf("keys create printed %q, want a cc_live_ key", out)
			}
			if !strings.Contains(stderr, "shown only this once") {
				t.Errorf("stderr %q should warn that the key is shown once", stderr)
			}
			prefix := secret[len(keys.Scheme) : len(keys.Scheme)+keys.PrefixLen]
			out, _, err = cli(t, u, "keys", "list")
			if err != nil || !strings.Contains(out, prefix) || !strings.Contains(out, "newsroom bot") || !strings.Contains(out, "starter") || strings.Contains(out, secret) {
				t.Fatalf("keys list: %v\n%s", err, out)
			}
			if _, _, err := cli(t, u, "keys", "revoke", keys.Display(prefix)); err != nil {
				t.Fatalf("keys revoke: %v", err)
			}
			out, _, _ = cli(t, u, "keys", "list")
			if !strings.Contains(out, "revoked") {
				t.Errorf("revoked key not shown as revoked:\n%s", out)
			}
			if _, _, err := cli(t, u, "keys", "revoke", prefix); err == nil {
				t.Error("revoking twice should say no active key matches")
			}
			if _, _, err := cli(t, u, "keys", "create", "--plan", "gold", "--name", "x"); err == nil || !strings.Contains(err.Error(), `no plan "gold"`) {
				t.Errorf("unknown plan: %v", err)
			}
			if _, _, err := cli(t, u, "keys", "create", "--plan", "starter"); err == nil {
				t.Error("a key without a name should be refused")
			}
		})
	}
}

func TestMigrateCommands(t *testing.T) {
	u := filepath.Join(t.TempDir(), "m.db")
	if out, _, err := cli(t, u, "migrate", "up"); err != nil || !strings.Contains(out, "applied") {
		t.Fatalf("migrate up: %v %s", err, out)
	}
	if out, _, err := cli(t, u, "migrate", "status"); err != nil || !strings.Contains(out, "applied") {
		t.Fatalf("migrate status: %v %s", err, out)
	}
	if out, _, err := cli(t, u, "migrate", "up"); err != nil || !strings.Contains(out, "up to date") {
		t.Fatalf("second migrate up: %v %s", err, out)
	}
	if _, _, err := cli(t, u, "migrate", "sideways"); err == nil {
		t.Error("unknown migrate action accepted")
	}
}

func TestAnalyzeJSON(t *testing.T) {
	out, _, err := cli(t, filepath.Join(t.TempDir(), "a.db"), "analyze", "--json", "--source-url", "https://www.bbc.co.uk/news", "Aşılar otizme neden olmaz")
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, f := range []string{"score", "verdict", "summary", "source_score", "science_score", "academic_score", "public_score", "category", "en_query", "basis"} {
		if _, ok := r[f]; !ok {
			t.Errorf("analyze --json lacks %q", f)
		}
	}
	if q, _ := r["en_query"].(string); !strings.Contains(q, "not") {
		t.Errorf("en_query %q lost the negation", q)
	}
	ms, _ := r["matches"].([]any)
	if len(ms) == 0 || r["verdict"] != "belirsiz" {
		t.Fatalf("the negated claim should be compared with the starter fact-check and refused: verdict %v matches %v", r["verdict"], r["matches"])
	}
	if m := ms[0].(map[string]any); !strings.Contains(m["rejected"].(string), "negation") || m["url"] == "" || m["similarity"] == nil {
		t.Errorf("first match = %v, want the vaccines–autism fact-check refused for its negation", m)
	}
	if _, _, err := cli(t, "x.db", "analyze"); err == nil {
		t.Error("analyze without a claim should be a usage error")
	}
	if _, _, err := cli(t, "x.db", "frobnicate"); err == nil {
		t.Error("unknown command accepted")
	}
}

func TestKBImportAndEval(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			u := testdb.URL(t, d)
			fixture := "../../internal/knowledge/testdata/import/datacommons_feed.json"
			out, _, err := cli(t, u, "kb", "import", fixture)
			if err != nil || !strings.Contains(out, "added") {
				t.Fatalf("kb import: %v\n%s", err, out)
			}
			out, _, err = cli(t, u, "kb", "import", fixture)
			if err != nil || !strings.Contains(out, "added 0, updated 0") {
				t.Fatalf("second kb import should change nothing: %v\n%s", err, out)
			}
			out, _, err = cli(t, u, "kb", "import", "../../internal/knowledge/testdata/import/malformed.json", "no-such-file.json")
			if err == nil || !strings.Contains(out, "malformed.json: failed") || !strings.Contains(out, "no-such-file.json: failed") {
				t.Fatalf("bad files must fail loudly: %v\n%s", err, out)
			}
			if _, _, err := cli(t, u, "kb"); err == nil {
				t.Error("kb without an action accepted")
			}
			out, _, err = cli(t, u, "eval", "--queries", "../../internal/knowledge/testdata/devset.jsonl")
			if err != nil || !strings.Contains(out, "recall@1") || !strings.Contains(out, "kind lookalike") || !strings.Contains(out, "latency p50") ||
				!strings.Contains(out, "expected \\ given") || !strings.Contains(out, "wrong confident matches:") {
				t.Fatalf("eval: %v\n%s", err, out)
			}
			if _, _, err := cli(t, u, "eval"); err == nil {
				t.Error("eval without --queries accepted")
			}
		})
	}
}

// TestAnalyzeHelpPrintsUsage holds that a help flag asks for the usage instead of being analysed
// as the claim "--help" (it was answered with a fact-check's verdict once), while a claim after
// "--" is still a claim.
func TestAnalyzeHelpPrintsUsage(t *testing.T) {
	for _, flagText := range []string{"--help", "-h", "-help"} {
		out, _, err := cli(t, filepath.Join(t.TempDir(), "a.db"), "analyze", flagText)
		if err != nil || !strings.Contains(out, "Usage:") || strings.Contains(out, "Verdict:") {
			t.Errorf("analyze %s: err %v, output %q; want the usage", flagText, err, out)
		}
	}
	out, _, err := cli(t, filepath.Join(t.TempDir(), "a.db"), "analyze", "--", "--help")
	if err != nil || !strings.Contains(out, "Verdict:") {
		t.Errorf("analyze -- --help: err %v, output %q; want an analysis", err, out)
	}
}
