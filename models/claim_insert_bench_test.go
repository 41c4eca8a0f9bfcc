package models_test

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// cpuTime is the process's user + system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkClaimInsertTx measures the transaction an analysis stores its claim in (the claim,
// its score history and its events), as the analyse endpoint runs it. On SQLite that
// transaction holds the database's one write lock, so its length bounds how many analyses a
// second the database takes; cpu-µs/op is the CPU it costs, steadier than ns/op on a busy
// machine.
func BenchmarkClaimInsertTx(b *testing.B) {
	for _, d := range testdb.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			db := testdb.Open(b, d)
			benchInsert(b, db)
		})
	}
}

func benchInsert(b *testing.B, db *database.DB) {
	ctx := context.Background()
	s := storerules.Stores(db)
	matches := `[{"url":"https://x.example/1","claim_reviewed":"A claim","publisher":"X","similarity":0.91,"confident":true,"verdict":"yanlis"}]`
	cpu := cpuTime()
	b.ResetTimer()
	for i := range b.N {
		c := &models.Claim{ID: uuid.Must(uuid.NewV7()).String(), Content: fmt.Sprintf("Vaccines cause autism in children (%d)", i),
			EnQuery: fmt.Sprintf("Vaccines cause autism in children (%d)", i), Language: "en", Category: "health",
			AIScore: 10, AIVerdict: "yanlis", AISummary: "An earlier fact-check rated this claim false.", Matches: matches,
			Basis: `{"verdict":{"assessed":true,"method":"match"}}`, AnalysisMeta: "{}", CreatedAt: time.Now().UTC()}
		if err := s.Claims.InTx(ctx, func(tx models.Tx) error { return s.Claims.InsertTx(ctx, tx, c) }); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
}
