package models

import (
	"context"
	"fmt"

	"github.com/claimcheck/claimcheck/internal/postgrest"
)

// ClaimsTable is the whitelist `/rest/v1/claims` exposes (docs/DECISIONS.md §3): these columns and no
// internal one, and never a hidden claim.
var ClaimsTable = &postgrest.Table{
	Name: "claims",
	Columns: []postgrest.Column{
		{Name: "id", Type: postgrest.UUID},
		{Name: "content", Type: postgrest.Text},
		{Name: "source_url", Type: postgrest.Text, Nullable: true},
		{Name: "language", Type: postgrest.Text},
		{Name: "category", Type: postgrest.Text},
		{Name: "en_query", Type: postgrest.Text},
		{Name: "ai_score", Type: postgrest.Integer},
		{Name: "ai_verdict", Type: postgrest.Text},
		{Name: "ai_summary", Type: postgrest.Text},
		{Name: "source_score", Type: postgrest.Integer},
		{Name: "science_score", Type: postgrest.Integer},
		{Name: "academic_score", Type: postgrest.Integer},
		{Name: "public_score", Type: postgrest.Integer},
		{Name: "created_at", Type: postgrest.Timestamp},
	},
	Filter: visible,
}

// ReadREST answers one PostgREST read of the claims table.
func (s *ClaimStore) ReadREST(ctx context.Context, req postgrest.Request) (postgrest.Response, error) {
	sqlDB, err := s.db.Gorm.DB()
	if err != nil {
		return postgrest.Response{}, fmt.Errorf("rest read: %w", err)
	}
	return postgrest.Execute(ctx, sqlDB, postgrest.Dialect(s.db.Dialect), ClaimsTable, req)
}
