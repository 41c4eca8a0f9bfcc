package models_test

import (
	"context"
	"errors"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// subCharge is a payment by key k in the month of now with the given limit, counted in the
// submission's transaction by the usage store's statement; counts receives each count it returns.
func subCharge(db *database.DB, k *models.APIKey, limit int, now time.Time, counts ...*int) models.Payment {
	usage := storerules.Stores(db).Usage
	return models.Payment{KeyID: k.ID, Now: now, Charge: func(ctx context.Context, tx models.Tx) (bool, error) {
		n, ok, err := usage.ChargeTx(ctx, tx, k.ID, now.UTC().Format("2006-01"), &limit)
		for _, c := range counts {
			*c = n
		}
		return ok, err
	}}
}

// subClaim is the analysed claim a worker would store for submission id.
func subClaim(id, content string, at time.Time) *models.Claim {
	return &models.Claim{ID: id, Content: content, Language: "en", Category: "science", EnQuery: "q", AIScore: 20,
		AIVerdict: "yanlis", AISummary: "Refuted.", SourceScore: 50, ScienceScore: 50, AcademicScore: 50, PublicScore: 50,
		Analyzer: "test", AnalyzerVersion: "1", Basis: `{}`, Matches: `[]`, AnalysisMeta: `{}`, CreatedAt: at.UTC()}
}

// subEvents lists the event types written for a claim id, oldest first.
func subEvents(t *testing.T, db *database.DB, id string) []string {
	t.Helper()
	evs, err := models.NewEventStore(db).After(context.Background(), 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range evs {
		if e.ClaimID != nil && *e.ClaimID == id {
			out = append(out, e.Type)
		}
	}
	return out
}

func TestSubmissionEnqueueChargesInItsTransaction(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		st := storerules.Stores(db)
		subs := models.NewSubmissionStore(db, storerules.Default())
		k := newKey(t, st)
		now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

		var ids []string
		for i := range 2 {
			sub := &models.ClaimSubmission{Content: "The moon is made of cheese"}
			var count int
			res, err := subs.Enqueue(ctx, sub, subCharge(db, k, 2, now, &count), nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Refused || count != i+1 || res.Replayed || res.Submission == nil {
				t.Fatalf("enqueue %d: %+v", i+1, res)
			}
			ids = append(ids, res.Submission.ID)
		}
		got, err := subs.Get(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		if got.State != models.SubmissionQueued || got.APIKeyID == nil || *got.APIKeyID != k.ID || !got.CreatedAt.Equal(now) || got.Attempts != 0 {
			t.Errorf("stored submission = %+v", got)
		}
		if evs := subEvents(t, db, ids[0]); len(evs) != 1 || evs[0] != models.EventClaimCreated {
			t.Errorf("events of the submission = %v, want one claim.created", evs)
		}
		// Over quota: nothing stored, nothing counted.
		res, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "third"}, subCharge(db, k, 2, now), nil)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Refused || res.Submission != nil {
			t.Fatalf("over-quota enqueue admitted: %+v", res)
		}
		stats, err := subs.QueueStats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if stats[models.SubmissionQueued] != 2 {
			t.Errorf("queue = %v, want 2 queued", stats)
		}
		if n, _ := st.Usage.Current(ctx, k.ID, "2026-11"); n != 2 {
			t.Errorf("usage = %d, want 2 (the refused submit is not counted)", n)
		}
		for _, id := range []string{"not-a-uuid", "0190b8a0-0000-7000-8000-00000000dead"} {
			if _, err := subs.Get(ctx, id); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("Get(%q) = %v, want ErrNotFound", id, err)
			}
		}
	})
}

func TestSubmissionIdempotencyKey(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		st := storerules.Stores(db)
		subs := models.NewSubmissionStore(db, storerules.Default())
		k1, k2 := newKey(t, st), newKey(t, st)
		now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
		idem := &models.Idempotency{Key: "order-42", Fingerprint: "fp-a"}

		first, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "a"}, subCharge(db, k1, 100, now), idem)
		if err != nil || first.Replayed || first.Submission == nil {
			t.Fatalf("first: %+v %v", first, err)
		}
		again, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "a"}, subCharge(db, k1, 100, now.Add(time.Hour)), idem)
		if err != nil {
			t.Fatal(err)
		}
		if !again.Replayed || again.Submission.ID != first.Submission.ID {
			t.Fatalf("replay = %+v, want the original %s", again, first.Submission.ID)
		}
		if n, _ := st.Usage.Current(ctx, k1.ID, "2026-11"); n != 1 {
			t.Errorf("usage after a replay = %d, want 1", n)
		}
		// The same header with another body is refused and stores nothing.
		_, err = subs.Enqueue(ctx, &models.ClaimSubmission{Content: "b"}, subCharge(db, k1, 100, now), &models.Idempotency{Key: "order-42", Fingerprint: "fp-b"})
		if !errors.Is(err, models.ErrIdempotencyMismatch) {
			t.Errorf("other body, same key: %v, want ErrIdempotencyMismatch", err)
		}
		// Another API key has its own key space.
		other, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "a"}, subCharge(db, k2, 100, now), idem)
		if err != nil || other.Replayed || other.Submission.ID == first.Submission.ID {
			t.Errorf("other API key: %+v %v, want a new submission", other, err)
		}
		// After 24 hours the key names nothing any more.
		later, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "a"}, subCharge(db, k1, 100, now.Add(models.IdempotencyTTL+time.Second)), idem)
		if err != nil || later.Replayed || later.Submission.ID == first.Submission.ID {
			t.Errorf("after the TTL: %+v %v, want a new submission", later, err)
		}
		// A refused (over quota) request leaves no record behind: the key works once quota allows.
		k3 := newKey(t, st)
		fresh := &models.Idempotency{Key: "k3", Fingerprint: "fp"}
		if res, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "a"}, subCharge(db, k3, 0, now), fresh); err != nil || !res.Refused {
			t.Fatalf("zero quota: %+v %v", res, err)
		}
		if res, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "a"}, subCharge(db, k3, 5, now), fresh); err != nil || res.Replayed || res.Submission == nil {
			t.Errorf("retry after a refusal: %+v %v, want a new submission", res, err)
		}

		// Concurrent retries with one key create one submission and count once.
		k4 := newKey(t, st)
		var wg sync.WaitGroup
		ids := make([]string, 8)
		errs := make([]error, 8)
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "c"}, subCharge(db, k4, 100, now), &models.Idempotency{Key: "same", Fingerprint: "fp"})
				errs[i] = err
				if err == nil {
					ids[i] = res.Submission.ID
				}
			}()
		}
		wg.Wait()
		for i := range 8 {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
			if ids[i] != ids[0] {
				t.Fatalf("concurrent replays got different submissions: %v", ids)
			}
		}
		if n, _ := st.Usage.Current(ctx, k4.ID, "2026-11"); n != 1 {
			t.Errorf("usage after 8 concurrent identical submits = %d, want 1", n)
		}
	})
}

func TestSubmissionLeaseLifecycle(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		st := storerules.Stores(db)
		subs := models.NewSubmissionStore(db, storerules.Default())
		k := newKey(t, st)
		t0 := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
		var ids []string
		for i := range 3 {
			res, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "claim " + string(rune('a'+i))}, subCharge(db, k, 100, t0.Add(time.Duration(i)*time.Second)), nil)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, res.Submission.ID)
		}
		now := t0.Add(time.Minute)
		lease := 5 * time.Minute

		// Two workers claiming at once get disjoint rows.
		var mu sync.Mutex
		seen := map[string]string{}
		var wg sync.WaitGroup
		for _, w := range []string{"w1", "w2"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got, err := subs.ClaimDue(ctx, w, 2, now, lease)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				for _, s := range got {
					if prev, ok := seen[s.ID]; ok {
						t.Errorf("%s claimed by %s and %s", s.ID, prev, w)
					}
					seen[s.ID] = w
					if s.State != models.SubmissionAnalysing || s.Attempts != 1 || s.LockedBy == nil || *s.LockedBy != w {
						t.Errorf("claimed row = %+v", s)
					}
				}
			}()
		}
		wg.Wait()
		if len(seen) != 3 {
			t.Fatalf("claimed %d of 3 submissions", len(seen))
		}
		// Nothing is due while the leases last.
		if got, err := subs.ClaimDue(ctx, "w3", 10, now.Add(lease-time.Second), lease); err != nil || len(got) != 0 {
			t.Fatalf("claimed leased rows: %v %v", got, err)
		}

		a, b, c := ids[0], ids[1], ids[2]
		// a: its worker dies; after the lease, w3 takes it over, and the dead worker's late result is refused.
		// b: a retryable failure, then due again later.
		// c: a permanent failure.
		if ok, err := subs.Retry(ctx, b, seen[b], "analyzer timed out", now.Add(10*time.Second), now); err != nil || !ok {
			t.Fatalf("retry: %v %v", ok, err)
		}
		if ok, err := subs.Fail(ctx, c, "intruder", "x", now); err != nil || ok {
			t.Errorf("a worker without the lease failed a submission: %v %v", ok, err)
		}
		if ok, err := subs.Fail(ctx, c, seen[c], strings.Repeat("é", 900), now); err != nil || !ok {
			t.Fatalf("fail: %v %v", ok, err)
		}
		late := now.Add(lease + time.Second)
		got, err := subs.ClaimDue(ctx, "w3", 10, late, lease)
		if err != nil {
			t.Fatal(err)
		}
		gotIDs := []string{}
		for _, s := range got {
			gotIDs = append(gotIDs, s.ID)
		}
		sort.Strings(gotIDs)
		want := []string{a, b}
		sort.Strings(want)
		if strings.Join(gotIDs, ",") != strings.Join(want, ",") {
			t.Fatalf("after the lease w3 claimed %v, want %v (expired lease and due retry)", gotIDs, want)
		}
		for _, s := range got {
			if s.Attempts != 2 {
				t.Errorf("%s attempts = %d, want 2", s.ID, s.Attempts)
			}
		}
		if ok, err := subs.Complete(ctx, a, seen[a], subClaim(a, "claim a", t0), late); err != nil || ok {
			t.Fatalf("the dead worker completed after losing its lease: %v %v", ok, err)
		}
		if _, err := st.Claims.Get(ctx, a); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("a claim was stored by a worker without the lease: %v", err)
		}
		if ok, err := subs.Complete(ctx, a, "w3", subClaim(a, "claim a", t0), late); err != nil || !ok {
			t.Fatalf("complete: %v %v", ok, err)
		}
		if ok, err := subs.Complete(ctx, a, "w3", subClaim(a, "claim a", t0), late); err != nil || ok {
			t.Errorf("second completion: %v %v, want refused", ok, err)
		}
		claim, err := st.Claims.Get(ctx, a)
		if err != nil || claim.Content != "claim a" {
			t.Fatalf("stored claim: %+v %v", claim, err)
		}
		if evs := subEvents(t, db, a); strings.Join(evs, ",") != "claim.created,claim.analysed" {
			t.Errorf("events of a = %v, want claim.created then claim.analysed once", evs)
		}
		// claim.analysed carries the time the analysis was stored, not the submission time.
		var analysedAt []time.Time
		if err := db.Gorm.Model(&models.Event{}).Where("claim_id = ? AND type = ?", a, models.EventClaimAnalysed).
			Pluck("created_at", &analysedAt).Error; err != nil || len(analysedAt) != 1 || !analysedAt[0].Equal(late) {
			t.Errorf("claim.analysed at %v (%v), want %v", analysedAt, err, late)
		}
		// Shutdown hands b back without using up an attempt.
		if ok, err := subs.Release(ctx, b, "w3", late); err != nil || !ok {
			t.Fatalf("release: %v %v", ok, err)
		}
		for id, want := range map[string]struct {
			state    string
			attempts int
			reason   string
		}{a: {models.SubmissionAnalysed, 2, ""}, b: {models.SubmissionQueued, 1, "analyzer timed out"}, c: {models.SubmissionFailed, 1, "éé"}} {
			s, err := subs.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			reason := ""
			if s.FailureReason != nil {
				reason = *s.FailureReason
			}
			if s.State != want.state || s.Attempts != want.attempts || !strings.HasPrefix(reason, want.reason) || s.LockedBy != nil {
				t.Errorf("%s = state %s attempts %d reason %.20q locked %v; want %+v", id, s.State, s.Attempts, reason, s.LockedBy, want)
			}
			if len(reason) > 1000 {
				t.Errorf("failure reason kept %d bytes", len(reason))
			}
		}
		// A completed or failed submission is never claimed again.
		got, err = subs.ClaimDue(ctx, "w4", 10, late.Add(time.Hour), lease)
		if err != nil || len(got) != 1 || got[0].ID != b {
			t.Errorf("final claim = %v %v, want only b", got, err)
		}
	})
}

// TestSubmissionLeaseRenew: only the worker holding a submission's lease renews it, and only while
// the analysis is open.
func TestSubmissionLeaseRenew(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		st := storerules.Stores(db)
		subs := models.NewSubmissionStore(db, storerules.Default())
		k := newKey(t, st)
		t0 := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
		res, err := subs.Enqueue(ctx, &models.ClaimSubmission{Content: "renewed claim"}, subCharge(db, k, 100, t0), nil)
		if err != nil {
			t.Fatal(err)
		}
		id := res.Submission.ID
		if got, err := subs.ClaimDue(ctx, "w1", 1, t0, 30*time.Second); err != nil || len(got) != 1 {
			t.Fatalf("claim: %v %v", got, err)
		}
		later := t0.Add(25 * time.Second)
		if ok, err := subs.Renew(ctx, id, "w1", later, 30*time.Second); err != nil || !ok {
			t.Fatalf("holder's renewal: %v %v", ok, err)
		}
		if got, err := subs.ClaimDue(ctx, "w2", 1, t0.Add(40*time.Second), 30*time.Second); err != nil || len(got) != 0 {
			t.Fatalf("a renewed lease was taken at the old expiry: %v %v", got, err)
		}
		if ok, err := subs.Renew(ctx, id, "w2", later, 30*time.Second); err != nil || ok {
			t.Errorf("another worker renewed the lease: %v %v", ok, err)
		}
		if got, err := subs.ClaimDue(ctx, "w2", 1, later.Add(31*time.Second), 30*time.Second); err != nil || len(got) != 1 {
			t.Fatalf("the renewed lease did not run out: %v %v", got, err)
		}
		if ok, err := subs.Renew(ctx, id, "w1", later.Add(32*time.Second), 30*time.Second); err != nil || ok {
			t.Errorf("the worker that lost the lease renewed it: %v %v", ok, err)
		}
		if ok, err := subs.Complete(ctx, id, "w2", subClaim(id, "renewed claim", t0), later.Add(33*time.Second)); err != nil || !ok {
			t.Fatalf("complete: %v %v", ok, err)
		}
		if ok, err := subs.Renew(ctx, id, "w2", later.Add(34*time.Second), 30*time.Second); err != nil || ok {
			t.Errorf("a finished submission's lease was renewed: %v %v", ok, err)
		}
	})
}
