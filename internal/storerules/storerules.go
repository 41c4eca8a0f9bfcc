// Package storerules assembles the capability rules the stores run inside their transactions (the
// firm trust rule, which events a claim change emits), so the wiring, tools and tests build
// stores with the rules the service runs rather than each choosing its own.
package storerules

import (
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/feed/emit"
	"github.com/claimcheck/claimcheck/internal/firms"
	"github.com/claimcheck/claimcheck/models"
)

// Default is the rules the service runs: firms.Trust and emit.Rule.
func Default() models.Rules { return models.Rules{Trust: firms.Trust{}, Events: emit.Rule{}} }

// Stores builds every store over db with the default rules.
func Stores(db *database.DB) *models.Stores { return models.NewStores(db, Default()) }
