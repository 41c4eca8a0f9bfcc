package handlers

import (
	"context"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/database"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// confirmFirmClaims has an administrator confirm the attribution of every visible claim linked
// to a firm, so that they count toward its trust score as they did before confirmation existed.
func confirmFirmClaims(t *testing.T, db *database.DB, firmID string) {
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
	fs := models.NewFirmStore(db)
	for _, id := range ids {
		if _, err := fs.ConfirmAttribution(ctx, id, firmID, u.ID, now); err != nil {
			t.Fatalf("confirm claim %s: %v", id, err)
		}
	}
}
