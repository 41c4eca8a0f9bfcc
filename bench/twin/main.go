// Command twin is the benchmark fixture `make loadtest` compares Claimcheck with: a bare Fiber
// server that runs the same SQL for the same JSON and nothing else (no sessions, no PostgREST
// parser, no analyzer, no events), so the ratio of the two shows what Claimcheck's own code costs.
//
// Routes (apikey header, as Claimcheck's compatible API takes it):
//
//	GET  /rest/v1/claims?id=eq.ID&select=…      key, count, claim read by id
//	GET  /rest/v1/claims?order=…&limit=N&select=…  key, count, list of N newest
//	POST /functions/v1/quick-responder           key, count and insert of one claim row, in one transaction
//	GET  /v1/claims/ID/score                     key, count, score columns by id
//	GET  /claims/ID                              the claim as a small HTML page, no key, no write
//	GET  /uncounted/…                            any of the GETs above without the count
//	GET  /healthz                                200 once listening
//
// The list orders by created_at DESC, id DESC, the order claims_created_idx serves (Claimcheck's
// PostgREST plan adds NULLS LAST, which that index cannot serve on PostgreSQL).
//
// The key lookup is cached for 4 s, as Claimcheck's is (KEY_CACHE_TTL), and the count is
// Claimcheck's statement (models/usage.go): on PostgreSQL a transaction with
// synchronous_commit off, the conditional upsert, the last_used_at touch, then the read.
//
// Configuration: TWIN_DATABASE_URL (postgres://… or a SQLite file path, migrated by Claimcheck
// beforehand), TWIN_ADDR (default 127.0.0.1:3901), TWIN_MAX_CONNS (default 20, Claimcheck's
// DB_MAX_OPEN_CONNS default; SQLite is capped at 8, the largest SQLite pool Claimcheck opens).
package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"log"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jackc/pgx/v5/pgxpool"
	_ "modernc.org/sqlite" // registers the "sqlite" driver Claimcheck's GORM dialect uses
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	url := os.Getenv("TWIN_DATABASE_URL")
	if url == "" {
		log.Fatal("twin: set TWIN_DATABASE_URL")
	}
	addr := os.Getenv("TWIN_ADDR")
	if addr == "" {
		addr = "127.0.0.1:3901"
	}
	maxConns := 20
	if s := os.Getenv("TWIN_MAX_CONNS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			log.Fatalf("twin: TWIN_MAX_CONNS=%q: want a positive number", s)
		}
		maxConns = n
	}
	db, err := openDB(ctx, url, maxConns)
	if err != nil {
		log.Fatalf("twin: %v", err)
	}
	defer db.close()
	t := &twin{db: db, keys: map[string]cachedKey{}}
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	for _, prefix := range []string{"", "/uncounted"} {
		counted := prefix == ""
		app.Get(prefix+"/rest/v1/claims", t.rest(counted))
		app.Get(prefix+"/v1/claims/:id/score", t.score(counted))
	}
	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })
	app.Post("/functions/v1/quick-responder", t.analyse)
	app.Get("/claims/:id", t.page)
	app.Get("/uncounted/claims/:id", t.page)
	go func() {
		<-ctx.Done()
		_ = app.ShutdownWithTimeout(5 * time.Second)
	}()
	log.Printf("twin listening on %s (%s)", addr, db.dialect())
	if err := app.Listen(addr); err != nil {
		log.Fatalf("twin: %v", err)
	}
}

// store is the little SQL the twin needs, on pgx (PostgreSQL) or database/sql (SQLite).
type store interface {
	dialect() string
	keyByHash(ctx context.Context, hash string) (*keyInfo, error)
	// count runs the counter upsert (quota nil: no ceiling) and then read in one transaction.
	count(ctx context.Context, key *keyInfo, read func(q querier) error) (bool, error)
	query(ctx context.Context) querier
	// insertCounted counts and inserts one claim in one transaction, as an analysis does.
	insertCounted(ctx context.Context, key *keyInfo, c *claimRow) (bool, error)
	close()
}

// querier runs one SELECT and scans its rows.
type querier interface {
	rows(ctx context.Context, sql string, args []any, scan func(scan func(...any) error) error) error
}

type keyInfo struct {
	ID    string
	Quota *int
}

type cachedKey struct {
	key     *keyInfo
	expires time.Time
}

type twin struct {
	db   store
	mu   sync.Mutex
	keys map[string]cachedKey
}

// keyTTL is Claimcheck's default KEY_CACHE_TTL.
const keyTTL = 4 * time.Second

func (t *twin) key(c *fiber.Ctx) (*keyInfo, error) {
	secret := c.Get("apikey")
	if secret == "" {
		if a := c.Get("Authorization"); len(a) > 7 && strings.EqualFold(a[:7], "bearer ") {
			secret = a[7:]
		}
	}
	if secret == "" {
		return nil, nil
	}
	sum := sha256.Sum256([]byte(secret))
	hash := hex.EncodeToString(sum[:])
	now := time.Now()
	t.mu.Lock()
	ck, ok := t.keys[hash]
	t.mu.Unlock()
	if ok && now.Before(ck.expires) {
		return ck.key, nil
	}
	k, err := t.db.keyByHash(c.UserContext(), hash)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	t.keys[hash] = cachedKey{key: k, expires: now.Add(keyTTL)}
	t.mu.Unlock()
	return k, nil
}

// columns is the whitelist /rest/v1/claims exposes (models.ClaimsTable).
var columns = []string{"id", "content", "source_url", "language", "category", "en_query", "ai_score",
	"ai_verdict", "ai_summary", "source_score", "science_score", "academic_score", "public_score", "created_at"}

var known = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range columns {
		m[c] = true
	}
	return m
}()

// selectList is the select parameter's columns ("*" is all of them); nil means one is unknown.
func selectList(s string) []string {
	if s == "" || s == "*" {
		return columns
	}
	out := strings.Split(s, ",")
	for _, c := range out {
		if !known[c] {
			return nil
		}
	}
	return out
}

func (t *twin) auth(c *fiber.Ctx) (*keyInfo, error) {
	k, err := t.key(c)
	if err != nil {
		return nil, c.Status(503).JSON(fiber.Map{"message": "database unavailable"})
	}
	if k == nil {
		return nil, c.Status(401).JSON(fiber.Map{"message": "Invalid API key"})
	}
	return k, nil
}

func (t *twin) rest(counted bool) fiber.Handler {
	return func(c *fiber.Ctx) error {
		k, err := t.auth(c)
		if k == nil {
			return err
		}
		cols := selectList(c.Query("select"))
		if cols == nil {
			return c.Status(400).JSON(fiber.Map{"code": "42703", "message": "column does not exist"})
		}
		sqlText := "SELECT " + strings.Join(cols, ", ") + " FROM claims WHERE hidden_at IS NULL"
		var args []any
		if id, ok := strings.CutPrefix(c.Query("id"), "eq."); ok {
			sqlText += " AND id = " + t.param(1)
			args = append(args, id)
		} else {
			limit, err := strconv.Atoi(c.Query("limit", "20"))
			if err != nil || limit < 0 || limit > 1000 {
				return c.Status(400).JSON(fiber.Map{"message": "bad limit"})
			}
			sqlText += " ORDER BY created_at DESC, id DESC LIMIT " + strconv.Itoa(limit)
		}
		var out []byte
		read := func(q querier) error {
			var err error
			out, err = readJSON(c.UserContext(), q, sqlText, args, cols)
			return err
		}
		if err := t.run(c.UserContext(), k, counted, read); err != nil {
			return t.failed(c, err)
		}
		c.Set(fiber.HeaderContentType, "application/json; charset=utf-8")
		return c.Send(out)
	}
}

func (t *twin) score(counted bool) fiber.Handler {
	return func(c *fiber.Ctx) error {
		k, err := t.auth(c)
		if k == nil {
			return err
		}
		if !uuidShaped(c.Params("id")) {
			return c.Status(404).JSON(fiber.Map{"title": "Not found"})
		}
		var found bool
		var s struct {
			ID, Verdict                      string
			Score, Src, Sci, Acad, Pub       int
			ExpertCount                      int
			CommunityScore, CommunityConfNil *float64
		}
		read := func(q querier) error {
			return q.rows(c.UserContext(), "SELECT id, ai_score, ai_verdict, source_score, science_score, academic_score, public_score, expert_count, community_score, community_confidence FROM claims WHERE id = "+t.param(1)+" AND hidden_at IS NULL",
				[]any{c.Params("id")}, func(scan func(...any) error) error {
					found = true
					return scan(&s.ID, &s.Score, &s.Verdict, &s.Src, &s.Sci, &s.Acad, &s.Pub, &s.ExpertCount, &s.CommunityScore, &s.CommunityConfNil)
				})
		}
		if err := t.run(c.UserContext(), k, counted, read); err != nil {
			return t.failed(c, err)
		}
		if !found {
			return c.Status(404).JSON(fiber.Map{"title": "Not found"})
		}
		return c.JSON(fiber.Map{"id": s.ID, "score": s.Score, "verdict": s.Verdict, "decided": true, "basis": "analysis",
			"sub_scores": fiber.Map{"source": s.Src, "science": s.Sci, "academic": s.Acad, "public": s.Pub},
			"community":  fiber.Map{"score": s.CommunityScore, "confidence": s.CommunityConfNil, "expert_count": s.ExpertCount}})
	}
}

// run reads with or without the count; a refused count is errOverQuota.
func (t *twin) run(ctx context.Context, k *keyInfo, counted bool, read func(querier) error) error {
	if !counted {
		return read(t.db.query(ctx))
	}
	ok, err := t.db.count(ctx, k, read)
	if err != nil {
		return err
	}
	if !ok {
		return errOverQuota
	}
	return nil
}

var errOverQuota = errors.New("over quota")

func (t *twin) failed(c *fiber.Ctx, err error) error {
	if errors.Is(err, errOverQuota) {
		return c.Status(429).JSON(fiber.Map{"message": "quota exceeded"})
	}
	log.Printf("twin: %v", err)
	return c.Status(503).JSON(fiber.Map{"message": "database unavailable"})
}

func (t *twin) param(n int) string {
	if t.db.dialect() == "postgres" {
		return "$" + strconv.Itoa(n)
	}
	return "?"
}

// claimRow is the row an analysis inserts, with fixed scores: the twin measures storage, not analysis.
type claimRow struct {
	ID, Content, Language, Category, EnQuery, Verdict, Summary string
	SourceURL                                                  *string
	Score, Src, Sci, Acad, Pub                                 int
	KeyID                                                      string
	CreatedAt                                                  time.Time
}

func (t *twin) analyse(c *fiber.Ctx) error {
	k, err := t.auth(c)
	if k == nil {
		return err
	}
	var in struct {
		Claim     string  `json:"claim"`
		SourceURL *string `json:"source_url"`
	}
	if err := c.BodyParser(&in); err != nil || strings.TrimSpace(in.Claim) == "" {
		return c.Status(400).JSON(fiber.Map{"error": "send {\"claim\": \"...\"}"})
	}
	row := &claimRow{ID: uuidV4(), Content: in.Claim, SourceURL: in.SourceURL, Language: "en", Category: "general",
		EnQuery: in.Claim, Verdict: "belirsiz", Summary: "No earlier fact-check matched this claim.",
		Score: 50, Src: 50, Sci: 50, Acad: 50, Pub: 50, KeyID: k.ID, CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}
	ok, err := t.db.insertCounted(c.UserContext(), k, row)
	if err != nil {
		return t.failed(c, err)
	}
	if !ok {
		return t.failed(c, errOverQuota)
	}
	return c.JSON(fiber.Map{"id": row.ID, "score": row.Score, "verdict": row.Verdict, "summary": row.Summary,
		"source_score": row.Src, "science_score": row.Sci, "academic_score": row.Acad, "public_score": row.Pub,
		"category": row.Category, "en_query": row.EnQuery})
}

var pageTmpl = template.Must(template.New("claim").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Content}} — Claimcheck</title></head>
<body><main><article data-testid="claim"><h1>{{.Content}}</h1>
<p data-testid="verdict">{{.Verdict}} · {{.Score}}/100</p><p>{{.Summary}}</p>
<dl><dt>Source</dt><dd>{{.Src}}</dd><dt>Science</dt><dd>{{.Sci}}</dd><dt>Academic</dt><dd>{{.Acad}}</dd><dt>Public</dt><dd>{{.Pub}}</dd></dl>
<p>{{.Category}} · {{.Language}} · {{.CreatedAt.Format "2006-01-02"}}</p></article></main></body></html>`))

// uuidShaped keeps ids PostgreSQL would refuse away from the database (a 404, as Claimcheck answers).
func uuidShaped(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, r := range s {
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if r != '-' {
				return false
			}
		case !strings.ContainsRune("0123456789abcdefABCDEF", r):
			return false
		}
	}
	return true
}

func (t *twin) page(c *fiber.Ctx) error {
	if !uuidShaped(c.Params("id")) {
		return c.Status(404).SendString("not found")
	}
	var row claimRow
	found := false
	err := t.db.query(c.UserContext()).rows(c.UserContext(),
		"SELECT id, content, language, category, ai_verdict, ai_summary, ai_score, source_score, science_score, academic_score, public_score, created_at FROM claims WHERE id = "+t.param(1)+" AND hidden_at IS NULL",
		[]any{c.Params("id")}, func(scan func(...any) error) error {
			found = true
			var created any
			if err := scan(&row.ID, &row.Content, &row.Language, &row.Category, &row.Verdict, &row.Summary, &row.Score, &row.Src, &row.Sci, &row.Acad, &row.Pub, &created); err != nil {
				return err
			}
			row.CreatedAt = asTime(created)
			return nil
		})
	if err != nil {
		return t.failed(c, err)
	}
	if !found {
		return c.Status(404).SendString("not found")
	}
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return pageTmpl.Execute(c.Response().BodyWriter(), row)
}

// readJSON runs a SELECT of cols and renders the rows as a JSON array, as PostgREST does.
func readJSON(ctx context.Context, q querier, sqlText string, args []any, cols []string) ([]byte, error) {
	buf := make([]byte, 0, 1024)
	buf = append(buf, '[')
	n := 0
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	err := q.rows(ctx, sqlText, args, func(scan func(...any) error) error {
		if err := scan(ptrs...); err != nil {
			return err
		}
		if n > 0 {
			buf = append(buf, ',')
		}
		n++
		buf = append(buf, '{')
		for i, c := range cols {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(append(append(buf, '"'), c...), '"', ':')
			buf = appendValue(buf, vals[i])
		}
		buf = append(buf, '}')
		return nil
	})
	return append(buf, ']'), err
}

// appendValue renders one scanned value as JSON: timestamps as to_json(timestamptz) in UTC.
func appendValue(buf []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(buf, "null"...)
	case int64:
		return strconv.AppendInt(buf, x, 10)
	case int32:
		return strconv.AppendInt(buf, int64(x), 10)
	case float64:
		return strconv.AppendFloat(buf, x, 'g', -1, 64)
	case time.Time:
		return append(append(append(buf, '"'), x.UTC().Format("2006-01-02T15:04:05.999999")...), "+00:00\""...)
	case [16]byte:
		return append(append(append(buf, '"'), uuidString(x)...), '"')
	case []byte:
		return appendJSONString(buf, string(x))
	case string:
		return appendJSONString(buf, x)
	default:
		return appendJSONString(buf, fmt.Sprint(x))
	}
}

// appendJSONString quotes s for JSON (strconv.Quote's escapes are Go's, not JSON's).
func appendJSONString(buf []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	buf = append(buf, '"')
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == '"' || b == '\\':
			buf = append(buf, '\\', b)
		case b < 0x20:
			buf = append(buf, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xf])
		default:
			buf = append(buf, b)
		}
	}
	return append(buf, '"')
}

func uuidString(b [16]byte) string {
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func uuidV4() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return uuidString(b)
}

// asTime reads a timestamp SQLite returns as time.Time or text.
func asTime(v any) time.Time {
	switch x := v.(type) {
	case time.Time:
		return x
	case string:
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999"} {
			if t, err := time.Parse(layout, x); err == nil {
				return t
			}
		}
	}
	return time.Time{}
}

func openDB(ctx context.Context, url string, maxConns int) (store, error) {
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		cfg, err := pgxpool.ParseConfig(url)
		if err != nil {
			return nil, fmt.Errorf("parse %s: %w", "TWIN_DATABASE_URL", err)
		}
		cfg.MaxConns = int32(maxConns)
		pool, err := pgxpool.NewWithConfig(ctx, cfg)
		if err != nil {
			return nil, fmt.Errorf("connect postgres: %w", err)
		}
		if err := pool.Ping(ctx); err != nil {
			pool.Close()
			return nil, fmt.Errorf("ping postgres: %w", err)
		}
		return &pgStore{pool: pool}, nil
	}
	path := strings.TrimPrefix(strings.TrimPrefix(url, "sqlite://"), "file:")
	// Claimcheck's pragmas (database/database.go): WAL, busy timeout, NORMAL sync, immediate writes, its time format.
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_txlock=immediate&_time_format=sqlite"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	n := min(maxConns, 8)
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("ping sqlite %s: %w", path, err)
	}
	return &sqlStore{db: db}, nil
}
