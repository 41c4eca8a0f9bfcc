package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/claimcheck/claimcheck/internal/checking"
)

// textKeyBatch is how many old claims one backfill transaction keys: small enough that the write
// lock it holds on SQLite is brief, large enough that a big history is done in seconds.
const textKeyBatch = 500

// TextKeyFiller gives keyless claims their text key (models.ClaimStore).
type TextKeyFiller interface {
	BackfillTextKeys(ctx context.Context, batch int, key func(content string) string) (int, error)
}

// BackfillTextKeys gives every claim stored before repeat checks existed (migration 00018) its
// text key, with the normalisation new claims get (checking.TextKey), in batches, until none is
// left or ctx ends, and returns how many it keyed. Serve runs it once in the background at start,
// so old records link to their repeats; running it again, or in several processes at once, is
// harmless. A failed batch is logged and the backfill stops until the next start.
func BackfillTextKeys(ctx context.Context, store TextKeyFiller, log *slog.Logger) int {
	total := 0
	for ctx.Err() == nil {
		n, err := store.BackfillTextKeys(ctx, textKeyBatch, checking.TextKey)
		if err != nil {
			if ctx.Err() == nil {
				log.Warn("text key backfill stopped; it resumes at the next start", "keyed", total, "err", err)
			}
			return total
		}
		total += n
		if n < textKeyBatch {
			break
		}
		// A pause between batches leaves the database to the requests being served.
		select {
		case <-ctx.Done():
		case <-time.After(20 * time.Millisecond):
		}
	}
	if total > 0 {
		log.Info("old claims keyed for repeat checks", "claims", total)
	}
	return total
}
