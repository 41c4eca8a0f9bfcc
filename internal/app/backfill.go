package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/claimcheck/claimcheck/internal/checking"
)

// backfillBatch is how many old claims one backfill transaction updates: small enough that the
// write lock it holds on SQLite is brief, large enough that a big history is done in seconds.
const backfillBatch = 500

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
	return backfill(ctx, "text key", "old claims keyed for repeat checks", log, func(ctx context.Context) (int, error) {
		return store.BackfillTextKeys(ctx, backfillBatch, checking.TextKey)
	})
}

// ScoreFactsFiller gives claims stored without score facts their facts (models.ClaimStore).
type ScoreFactsFiller interface {
	BackfillScoreFacts(ctx context.Context, batch int) (int, error)
}

// BackfillScoreFacts gives every claim stored before its score facts were kept (migration 00022)
// the facts its analysis holds, in batches, as BackfillTextKeys does, and returns how many it set.
// Until then the score read derives an old claim's facts from its basis and matches, so the
// answer is the same before and after; only its cost differs.
func BackfillScoreFacts(ctx context.Context, store ScoreFactsFiller, log *slog.Logger) int {
	return backfill(ctx, "score facts", "old claims given score facts", log, func(ctx context.Context) (int, error) {
		return store.BackfillScoreFacts(ctx, backfillBatch)
	})
}

// backfill runs batch until it updates fewer than backfillBatch rows, fails or ctx ends, pausing
// between batches so the database stays free for the requests being served, and returns the total.
func backfill(ctx context.Context, what, done string, log *slog.Logger, batch func(context.Context) (int, error)) int {
	total := 0
	for ctx.Err() == nil {
		n, err := batch(ctx)
		if err != nil {
			if ctx.Err() == nil {
				log.Warn(what+" backfill stopped; it resumes at the next start", "updated", total, "err", err)
			}
			return total
		}
		total += n
		if n < backfillBatch {
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(20 * time.Millisecond):
		}
	}
	if total > 0 {
		log.Info(done, "claims", total)
	}
	return total
}
