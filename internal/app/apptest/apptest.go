// Package apptest holds what the HTTP surfaces' tests share: seeding records the way the service
// stores them. Tests of every handler package import it instead of keeping copies.
package apptest

import (
	"context"
	"net"
	"net/netip"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// BaseURL is the public address the test services are told they live at.
const BaseURL = "https://claimcheck.test"

// CheapArgon keeps password hashing fast in tests; production parameters take a noticeable
// fraction of a second per login.
var CheapArgon = accounts.Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// SeedClaim stores a visible claim with the given content, verdict and category at a time.
func SeedClaim(t testing.TB, s *models.Stores, content, verdict, category string, at time.Time) *models.Claim {
	t.Helper()
	id, err := uuid.NewV7()
	if err != nil {
		t.Fatal(err)
	}
	c := &models.Claim{
		ID: id.String(), Content: content, Language: "en", Category: category, EnQuery: "test query",
		AIScore: 50, AIVerdict: verdict, AISummary: "Seeded for a test.", SourceScore: 50, ScienceScore: 50,
		AcademicScore: 50, PublicScore: 50, Analyzer: "seed", AnalyzerVersion: "1", Basis: `{}`, CreatedAt: at.UTC(),
	}
	if err := s.Claims.Create(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return c
}

// ConfirmFirmClaims has an administrator confirm the attribution of every visible claim linked
// to a firm, so that they count toward its trust score as they did before confirmation existed.
func ConfirmFirmClaims(t testing.TB, db *database.DB, firmID string) {
	t.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	u := &models.User{ID: uuid.NewString(), Email: uuid.NewString() + "@example.org", Name: "Confirming admin", PasswordHash: "x",
		Role: models.RoleAdmin, CreatedAt: now, UpdatedAt: now}
	if err := models.NewAccountStore(db).CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	var ids []string
	if err := db.Gorm.Model(&models.Claim{}).Where("firm_id = ? AND hidden_at IS NULL", firmID).Order("created_at, id").Pluck("id", &ids).Error; err != nil {
		t.Fatal(err)
	}
	fs := models.NewFirmStore(db, storerules.Default())
	for _, id := range ids {
		if _, err := fs.ConfirmAttribution(ctx, id, firmID, u.ID, now); err != nil {
			t.Fatalf("confirm claim %s: %v", id, err)
		}
	}
}

// Resolver answers DNS from a table (host → IP) so the webhook URL guard stays on without
// touching the network.
type Resolver map[string]string

// LookupNetIP resolves host from the table; unknown hosts do not exist.
func (r Resolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	ip, ok := r[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return []netip.Addr{netip.MustParseAddr(ip)}, nil
}
