package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The counter statements are models/usage.go's, word for word (placeholders aside).
const (
	countSQL = `INSERT INTO usage_counters (key_id, period, count) VALUES (%[1]s, %[2]s, 1)
ON CONFLICT (key_id, period) DO UPDATE SET count = usage_counters.count + 1`
	countLimitSQL = ` WHERE usage_counters.count < %[3]s`
	touchSQL      = `UPDATE api_keys SET last_used_at = %[1]s WHERE id = %[2]s AND (last_used_at IS NULL OR last_used_at < %[3]s)`
	keySQL        = `SELECT k.id, COALESCE(k.quota_override, p.monthly_quota) FROM api_keys k JOIN plans p ON p.id = k.plan_id
WHERE k.hash = %[1]s AND k.revoked_at IS NULL`
	insertSQL = `INSERT INTO claims (id, content, source_url, language, category, en_query, ai_score, ai_verdict, ai_summary,
source_score, science_score, academic_score, public_score, analyzer, analyzer_version, api_key_id, created_at)
VALUES (%[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s, %[9]s, %[10]s, %[11]s, %[12]s, %[13]s, 'twin', '1', %[14]s, %[15]s)`
)

var (
	pgArgs = []any{"$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9", "$10", "$11", "$12", "$13", "$14", "$15"}
	qArgs  = []any{"?", "?", "?", "?", "?", "?", "?", "?", "?", "?", "?", "?", "?", "?", "?"}
)

// period is the counter period: the calendar month in UTC (internal/metering.Period).
func period(t time.Time) string { return t.UTC().Format("2006-01") }

// stmts is the SQL of one dialect, formatted once.
type stmts struct{ count, countLimit, touch, key, insert string }

func newStmts(ph []any) stmts {
	return stmts{
		count:      fmt.Sprintf(countSQL, ph...) + " RETURNING count",
		countLimit: fmt.Sprintf(countSQL+countLimitSQL, ph...) + " RETURNING count",
		touch:      fmt.Sprintf(touchSQL, ph...),
		key:        fmt.Sprintf(keySQL, ph...),
		insert:     fmt.Sprintf(insertSQL, ph...),
	}
}

var pgSQL, liteSQL = newStmts(pgArgs), newStmts(qArgs)

// countArgs picks the counter statement and its arguments for key.
func (st stmts) countArgs(k *keyInfo) (string, []any) {
	args := []any{k.ID, period(time.Now())}
	if k.Quota != nil {
		return st.countLimit, append(args, *k.Quota)
	}
	return st.count, args
}

func claimArgs(c *claimRow) []any {
	return []any{c.ID, c.Content, c.SourceURL, c.Language, c.Category, c.EnQuery, c.Score, c.Verdict, c.Summary,
		c.Src, c.Sci, c.Acad, c.Pub, c.KeyID, c.CreatedAt}
}

// pgStore is the PostgreSQL side, on a pgx pool.
type pgStore struct{ pool *pgxpool.Pool }

func (s *pgStore) dialect() string { return "postgres" }
func (s *pgStore) close()          { s.pool.Close() }

func (s *pgStore) keyByHash(ctx context.Context, hash string) (*keyInfo, error) {
	var k keyInfo
	err := s.pool.QueryRow(ctx, pgSQL.key, hash).Scan(&k.ID, &k.Quota)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("key by hash: %w", err)
	}
	return &k, nil
}

type pgQuerier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

type pgq struct{ q pgQuerier }

func (p pgq) rows(ctx context.Context, sqlText string, args []any, scan func(func(...any) error) error) error {
	rows, err := p.q.Query(ctx, sqlText, args...)
	if err != nil {
		return fmt.Errorf("query: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows.Scan); err != nil {
			return fmt.Errorf("scan: %w", err)
		}
	}
	return rows.Err()
}

func (s *pgStore) query(context.Context) querier { return pgq{q: s.pool} }

// charge runs the counter upsert and the last_used_at touch in tx.
func pgCharge(ctx context.Context, tx pgx.Tx, k *keyInfo) (bool, error) {
	q, args := pgSQL.countArgs(k)
	var n int
	err := tx.QueryRow(ctx, q, args...).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("count: %w", err)
	}
	now := time.Now().UTC()
	if _, err := tx.Exec(ctx, pgSQL.touch, now, k.ID, now.Add(-time.Minute)); err != nil {
		return false, fmt.Errorf("touch key: %w", err)
	}
	return true, nil
}

func (s *pgStore) count(ctx context.Context, k *keyInfo, read func(querier) error) (bool, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after Commit
	if _, err := tx.Exec(ctx, "SET LOCAL synchronous_commit = off"); err != nil {
		return false, fmt.Errorf("relax commit: %w", err)
	}
	ok, err := pgCharge(ctx, tx, k)
	if err != nil || !ok {
		return ok, err
	}
	if err := tx.Commit(ctx); err != nil {
		return false, fmt.Errorf("commit count: %w", err)
	}
	return true, read(pgq{q: s.pool})
}

func (s *pgStore) insertCounted(ctx context.Context, k *keyInfo, c *claimRow) (bool, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after Commit
	ok, err := pgCharge(ctx, tx, k)
	if err != nil || !ok {
		return ok, err
	}
	if _, err := tx.Exec(ctx, pgSQL.insert, claimArgs(c)...); err != nil {
		return false, fmt.Errorf("insert claim: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return false, fmt.Errorf("commit claim: %w", err)
	}
	return true, nil
}

// sqlStore is the SQLite side, on database/sql with the driver Claimcheck uses.
type sqlStore struct{ db *sql.DB }

func (s *sqlStore) dialect() string { return "sqlite" }
func (s *sqlStore) close()          { s.db.Close() }

func (s *sqlStore) keyByHash(ctx context.Context, hash string) (*keyInfo, error) {
	var k keyInfo
	var quota sql.NullInt64
	err := s.db.QueryRowContext(ctx, liteSQL.key, hash).Scan(&k.ID, &quota)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("key by hash: %w", err)
	}
	if quota.Valid {
		q := int(quota.Int64)
		k.Quota = &q
	}
	return &k, nil
}

type sqlQuerier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

type sqlq struct{ q sqlQuerier }

func (p sqlq) rows(ctx context.Context, sqlText string, args []any, scan func(func(...any) error) error) error {
	rows, err := p.q.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return fmt.Errorf("query: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows.Scan); err != nil {
			return fmt.Errorf("scan: %w", err)
		}
	}
	return rows.Err()
}

func (s *sqlStore) query(context.Context) querier { return sqlq{q: s.db} }

func sqlCharge(ctx context.Context, tx *sql.Tx, k *keyInfo) (bool, error) {
	q, args := liteSQL.countArgs(k)
	var n int
	err := tx.QueryRowContext(ctx, q, args...).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("count: %w", err)
	}
	now := time.Now().UTC()
	if _, err := tx.ExecContext(ctx, liteSQL.touch, now, k.ID, now.Add(-time.Minute)); err != nil {
		return false, fmt.Errorf("touch key: %w", err)
	}
	return true, nil
}

func (s *sqlStore) count(ctx context.Context, k *keyInfo, read func(querier) error) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	ok, err := sqlCharge(ctx, tx, k)
	if err != nil || !ok {
		return ok, err
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("commit count: %w", err)
	}
	return true, read(sqlq{q: s.db})
}

func (s *sqlStore) insertCounted(ctx context.Context, k *keyInfo, c *claimRow) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	ok, err := sqlCharge(ctx, tx, k)
	if err != nil || !ok {
		return ok, err
	}
	if _, err := tx.ExecContext(ctx, liteSQL.insert, claimArgs(c)...); err != nil {
		return false, fmt.Errorf("insert claim: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("commit claim: %w", err)
	}
	return true, nil
}
