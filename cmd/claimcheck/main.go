// Command claimcheck serves the Claimcheck pages and APIs and administers it from the shell.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/config"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/knowledge"
	"github.com/claimcheck/claimcheck/internal/matching"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/telemetry"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

const usage = `claimcheck — claim verification service

Usage:
  claimcheck [serve]                         start the web service (default)
  claimcheck migrate up|down|status          manage the database schema
  claimcheck keys create --plan starter|enterprise|beta-free --name NAME
                                             issue an API key (printed once)
  claimcheck keys list                       list keys with this month's usage
  claimcheck keys revoke PREFIX              revoke the key with this display prefix
  claimcheck analyze [--source-url U] [--json] "claim"
                                             analyse one claim without storing it
  claimcheck kb import FILE...               import fact-checks (ClaimReview JSON-LD, DataCommons
                                             feed, Google Fact Check claims:search answers)
  claimcheck eval --queries FILE.jsonl       measure claim matching on a query set
  claimcheck data status                     list the optional data sets in DATASETS_DIR
  claimcheck data install URL-or-PATH [--sha256 HEX]
                                             install one data set, checking its SHA-256
  claimcheck admin create --email E --name N [--password-stdin]
                                             create an admin (password read from stdin)

Configuration comes from environment variables; see README.md.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr, log, os.LookupEnv); err != nil {
		fmt.Fprintln(os.Stderr, "claimcheck:", err)
		var ue usageError
		if errors.As(err, &ue) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// usageError marks mistakes in the command line, which exit with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg + "\n\n" + usage }

// run is main without the process: testable with any arguments, outputs and environment.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, log *slog.Logger, env func(string) (string, bool)) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	if cmd == "help" || cmd == "-h" || cmd == "--help" {
		fmt.Fprint(stdout, usage)
		return nil
	}
	cfg, err := config.FromLookup(env)
	if err != nil {
		return err
	}
	switch cmd {
	case "serve":
		if len(args) > 0 {
			return usageError{"serve takes no arguments"}
		}
		// The server logs as configured (LOG_FORMAT, LOG_LEVEL); the one-shot commands keep text.
		// Lines are batched (at most 100 ms held) so a busy server makes no write call per request.
		logOut := telemetry.NewBufferedWriter(stderr, 100*time.Millisecond)
		defer logOut.Close()
		log = telemetry.NewLogger(logOut, cfg.LogFormat, cfg.LogLevel)
		logDatasets(cfg, log)
		a, err := app.Open(ctx, cfg, log)
		if err != nil {
			return err
		}
		defer a.Close()
		// A soft memory limit that follows the live heap, unless GOMEMLIMIT or GOGC is set.
		defer telemetry.StartMemoryLimit(env)()
		return a.Serve(ctx)
	case "migrate":
		return migrate(ctx, cfg, args, stdout)
	case "keys":
		return keysCmd(ctx, cfg, args, stdout, stderr)
	case "analyze":
		return analyze(ctx, cfg, args, stdout, log)
	case "kb":
		return kbCmd(ctx, cfg, args, stdout, log)
	case "admin":
		return adminCmd(ctx, cfg, args, stdout, stderr)
	case "eval":
		return evalCmd(ctx, cfg, args, stdout, log)
	case "data":
		return dataCmd(ctx, cfg, args, stdout)
	default:
		return usageError{fmt.Sprintf("unknown command %q", cmd)}
	}
}

func migrate(ctx context.Context, cfg config.Config, args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return usageError{"migrate needs one of: up, down, status"}
	}
	db, err := database.Open(ctx, cfg.DatabaseURL, database.Options{MaxOpenConns: 2})
	if err != nil {
		return err
	}
	defer db.Close()
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		return err
	}
	p, err := migrations.Provider(sqlDB, string(db.Dialect))
	if err != nil {
		return err
	}
	switch args[0] {
	case "up":
		res, err := p.Up(ctx)
		for _, r := range res {
			fmt.Fprintf(stdout, "applied %s (%s)\n", r.Source.Path, r.Duration.Round(time.Millisecond))
		}
		if err != nil {
			return fmt.Errorf("migrate up: %w", err)
		}
		if len(res) == 0 {
			fmt.Fprintln(stdout, "schema is up to date")
		}
	case "down":
		r, err := p.Down(ctx)
		if err != nil {
			return fmt.Errorf("migrate down: %w", err)
		}
		fmt.Fprintf(stdout, "rolled back %s\n", r.Source.Path)
	case "status":
		st, err := p.Status(ctx)
		if err != nil {
			return fmt.Errorf("migrate status: %w", err)
		}
		tw := tabwriter.NewWriter(stdout, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "VERSION\tSTATE\tAPPLIED AT\tFILE")
		for _, s := range st {
			at := "-"
			if !s.AppliedAt.IsZero() {
				at = s.AppliedAt.UTC().Format(time.RFC3339)
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", s.Source.Version, s.State, at, s.Source.Path)
		}
		return tw.Flush()
	default:
		return usageError{fmt.Sprintf("unknown migrate action %q", args[0])}
	}
	return nil
}

func keysCmd(ctx context.Context, cfg config.Config, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"keys needs one of: create, list, revoke"}
	}
	action, args := args[0], args[1:]
	db, err := database.Open(ctx, cfg.DatabaseURL, database.Options{MaxOpenConns: 2})
	if err != nil {
		return err
	}
	defer db.Close()
	if err := app.Migrate(ctx, db); err != nil {
		return err
	}
	stores := storerules.Stores(db)
	now := time.Now().UTC()
	switch action {
	case "create":
		fs := flag.NewFlagSet("keys create", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		plan := fs.String("plan", "starter", "plan slug")
		name := fs.String("name", "", "a name that says what the key is for")
		if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
			return usageError{"keys create takes --plan starter|enterprise|beta-free --name NAME"}
		}
		n := strings.TrimSpace(*name)
		if n == "" || len(n) > 100 {
			return usageError{"keys create needs --name NAME (1–100 characters)"}
		}
		p, err := stores.Plans.BySlug(ctx, *plan)
		if errors.Is(err, models.ErrNotFound) {
			return usageError{fmt.Sprintf("no plan %q (try starter, enterprise or beta-free)", *plan)}
		}
		if err != nil {
			return err
		}
		issued, err := keys.Generate()
		if err != nil {
			return err
		}
		k := &models.APIKey{ID: uuid.Must(uuid.NewV7()).String(), PlanID: p.ID, Name: n, Prefix: issued.Prefix, Hash: issued.Hash, CreatedAt: now}
		if err := stores.Keys.Create(ctx, k); err != nil {
			return err
		}
		quotaText := "unlimited"
		if p.MonthlyQuota != nil {
			quotaText = fmt.Sprintf("%d requests/month", *p.MonthlyQuota)
		}
		fmt.Fprintf(stdout, "%s\n", issued.Secret)
		fmt.Fprintf(stderr, "Key %q on plan %s (%s), prefix %s. It is shown only this once: store it now.\n",
			n, p.Name, quotaText, issued.Prefix)
	case "list":
		if len(args) > 0 {
			return usageError{"keys list takes no arguments"}
		}
		ls, err := stores.Keys.List(ctx, metering.Period(now))
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "PREFIX\tNAME\tPLAN\tTHIS MONTH\tCREATED\tLAST USED\tSTATE")
		for _, l := range ls {
			state, last := "active", "never"
			if l.Key.RevokedAt != nil {
				state = "revoked " + l.Key.RevokedAt.UTC().Format(time.RFC3339)
			}
			if l.Key.LastUsedAt != nil {
				last = l.Key.LastUsedAt.UTC().Format(time.RFC3339)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", l.Key.Prefix, l.Key.Name, l.PlanSlug, l.UsedMonth,
				l.Key.CreatedAt.UTC().Format(time.RFC3339), last, state)
		}
		return tw.Flush()
	case "revoke":
		if len(args) != 1 {
			return usageError{"keys revoke takes one PREFIX (as shown by keys list)"}
		}
		prefix := strings.TrimSuffix(strings.TrimPrefix(args[0], keys.Scheme), "…")
		if len(prefix) > keys.PrefixLen {
			prefix = prefix[:keys.PrefixLen]
		}
		k, err := stores.Keys.RevokeByPrefix(ctx, prefix, now)
		switch {
		case errors.Is(err, models.ErrNotFound):
			return fmt.Errorf("no active key with prefix %q", prefix)
		case err != nil:
			return err
		}
		fmt.Fprintf(stdout, "revoked %s (%s); it stops working everywhere within %s\n", k.Prefix, k.Name, cfg.KeyCacheTTL)
	default:
		return usageError{fmt.Sprintf("unknown keys action %q", action)}
	}
	return nil
}

// analysisJSON is `analyze --json`: the ten response fields (id empty: nothing is stored) plus how each was computed.
type analysisJSON struct {
	ID            string                         `json:"id"`
	Score         int                            `json:"score"`
	Verdict       string                         `json:"verdict"`
	Summary       string                         `json:"summary"`
	SourceScore   int                            `json:"source_score"`
	ScienceScore  int                            `json:"science_score"`
	AcademicScore int                            `json:"academic_score"`
	PublicScore   int                            `json:"public_score"`
	Category      string                         `json:"category"`
	EnQuery       string                         `json:"en_query"`
	Language      string                         `json:"language"`
	Analyzer      string                         `json:"analyzer"`
	Version       string                         `json:"analyzer_version"`
	Basis         map[string]analysis.FieldBasis `json:"basis"`
	Matches       []analysis.Match               `json:"matches"`
	Meta          analysis.Meta                  `json:"meta"`
	Evidence      []analysis.Evidence            `json:"evidence,omitempty"`
}

// openAnalyzer opens the database (migrating it), the knowledge base and the configured analyzer,
// exactly as `serve` builds them.
func openAnalyzer(ctx context.Context, cfg config.Config, log *slog.Logger) (analysis.Analyzer, *app.Knowledge, func(), error) {
	db, err := database.Open(ctx, cfg.DatabaseURL, database.Options{MaxOpenConns: 4})
	if err != nil {
		return nil, nil, nil, err
	}
	if err := app.Migrate(ctx, db); err != nil {
		db.Close()
		return nil, nil, nil, err
	}
	stores := storerules.Stores(db)
	kb, err := app.OpenKnowledge(ctx, cfg, stores, log)
	if err != nil {
		db.Close()
		return nil, nil, nil, err
	}
	an, err := app.BuildAnalyzer(cfg, kb, stores)
	if err != nil {
		db.Close()
		return nil, nil, nil, err
	}
	return an, kb, func() { db.Close() }, nil
}

func kbCmd(ctx context.Context, cfg config.Config, args []string, stdout io.Writer, log *slog.Logger) error {
	if len(args) < 2 || args[0] != "import" {
		return usageError{"kb takes: import FILE..."}
	}
	db, err := database.Open(ctx, cfg.DatabaseURL, database.Options{MaxOpenConns: 2})
	if err != nil {
		return err
	}
	defer db.Close()
	if err := app.Migrate(ctx, db); err != nil {
		return err
	}
	imp := knowledge.NewImporter(storerules.Stores(db).Reviews, nil, func() time.Time { return time.Now().UTC() })
	if imp.Ratings, err = knowledge.LoadRatings(cfg.DatasetsDir); err != nil {
		return err
	}
	if m := imp.Ratings.Missing(); m != "" {
		fmt.Fprintf(stdout, "note: %s\n", m)
	}
	failed := 0
	for _, path := range args[1:] {
		sum, err := imp.ImportFile(ctx, path)
		if err != nil {
			failed++
			fmt.Fprintf(stdout, "%s: failed: %v\n", path, err)
			continue
		}
		fmt.Fprintf(stdout, "%s: %s\n", path, sum.String())
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d files could not be imported", failed, len(args)-1)
	}
	return nil
}

func evalCmd(ctx context.Context, cfg config.Config, args []string, stdout io.Writer, log *slog.Logger) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	queries := fs.String("queries", "", "JSONL file of queries")
	if err := fs.Parse(args); err != nil || *queries == "" || fs.NArg() > 0 {
		return usageError{"eval takes --queries FILE.jsonl"}
	}
	f, err := os.Open(*queries)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	defer f.Close()
	an, _, closeDB, err := openAnalyzer(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer closeDB()
	_, err = matching.RunEval(ctx, an, f, stdout)
	return err
}

func analyze(ctx context.Context, cfg config.Config, args []string, stdout io.Writer, log *slog.Logger) error {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	src := fs.String("source-url", "", "where the claim appeared")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(reorderFlags(args)); errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usage)
		return nil
	} else if err != nil {
		return usageError{"analyze takes [--source-url U] [--json] \"claim\": " + err.Error()}
	}
	if fs.NArg() == 0 {
		return usageError{"analyze needs the claim text as an argument"}
	}
	an, _, closeDB, err := openAnalyzer(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer closeDB()
	svc := checking.NewService(an, nil, nil)
	_, r, err := svc.Analyze(ctx, checking.Input{Claim: strings.Join(fs.Args(), " "), SourceURL: *src})
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(analysisJSON{Score: r.Score, Verdict: string(r.Verdict), Summary: r.Summary,
			SourceScore: r.SourceScore, ScienceScore: r.ScienceScore, AcademicScore: r.AcademicScore, PublicScore: r.PublicScore,
			Category: r.Category, EnQuery: r.EnQuery, Language: r.Language, Analyzer: r.Analyzer, Version: r.Version, Basis: r.Basis,
			Matches: nonNil(r.Matches), Meta: r.Meta, Evidence: r.Evidence})
	}
	label, meaning := analysis.VerdictInfo(r.Verdict)
	fmt.Fprintf(stdout, "Verdict:   %s (%s) — %s\nScore:     %d/100\nCategory:  %s\nLanguage:  %s\nEN query:  %s\n",
		label, r.Verdict, meaning, r.Score, r.Category, r.Language, r.EnQuery)
	fmt.Fprintf(stdout, "Sub-scores: source %d, science %d, academic %d, public %d\n\n%s\n\nHow each field was computed:\n",
		r.SourceScore, r.ScienceScore, r.AcademicScore, r.PublicScore, r.Summary)
	for _, f := range []string{"score", "verdict", "source_score", "science_score", "academic_score", "public_score", "category", "en_query", "language", "summary"} {
		if b, ok := r.Basis[f]; ok {
			fmt.Fprintf(stdout, "  %-15s %s\n", f, b.Detail)
		}
	}
	if len(r.Matches) > 0 {
		fmt.Fprintln(stdout, "\nEarlier fact-checks compared:")
		for _, m := range r.Matches {
			state := ""
			switch {
			case m.Confident:
				state = " [verdict taken from this]"
			case m.Rejected != "":
				state = " [refused: " + m.Rejected + "]"
			}
			fmt.Fprintf(stdout, "  %.2f  %-8s %s (%s)%s\n", m.Similarity, m.Verdict, m.ClaimReviewed, m.URL, state)
		}
	}
	if r.Meta.Fallback != "" {
		fmt.Fprintf(stdout, "\nFallback: %s\n", r.Meta.Fallback)
	}
	return nil
}

// nonNil makes "no matches" print as [] rather than null.
func nonNil(ms []analysis.Match) []analysis.Match {
	if ms == nil {
		return []analysis.Match{}
	}
	return ms
}

// reorderFlags lets flags follow the claim text, as people type them.
func reorderFlags(args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			rest = append(rest, args[i+1:]...)
			i = len(args)
		case a == "--json" || a == "-json" || a == "-h" || a == "-help" || a == "--help":
			// A help flag is a flag, not the claim "--help": it asks for the usage.
			flags = append(flags, a)
		case a == "--source-url" || a == "-source-url":
			flags = append(flags, a)
			if i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		case strings.HasPrefix(a, "--source-url=") || strings.HasPrefix(a, "-source-url=") || strings.HasPrefix(a, "--json="):
			flags = append(flags, a)
		default:
			rest = append(rest, a)
		}
	}
	return append(flags, append([]string{"--"}, rest...)...)
}
