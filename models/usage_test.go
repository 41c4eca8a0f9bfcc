package models_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// A lease counts n requests all or none within the quota; Release uncounts them, never below zero.
func TestUsageLeaseAndRelease(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := storerules.Stores(db)
		ctx := context.Background()
		k := newKey(t, s)
		limit := 10
		steps := []struct {
			name      string
			lease     int // > 0: Lease this many; < 0: Release this many
			quota     *int
			wantOK    bool
			wantCount int
		}{
			{"larger than the quota on no row inserts nothing", 11, &limit, false, 0},
			{"a first lease inserts the row", 4, &limit, true, 4},
			{"a lease that fits", 6, &limit, true, 10},
			{"one more does not fit", 1, &limit, false, 10},
			{"release gives back", -3, nil, true, 7},
			{"a lease over the quota is refused whole", 4, &limit, false, 7},
			{"without a quota it always counts", 5, nil, true, 12},
			{"releasing more than the counter holds fails", -13, nil, false, 12},
		}
		for _, st := range steps {
			var (
				n   int
				ok  bool
				err error
			)
			if st.lease > 0 {
				n, ok, err = s.Usage.Lease(ctx, k.ID, "2026-11", st.lease, st.quota)
				if err != nil {
					t.Fatalf("%s: %v", st.name, err)
				}
			} else {
				n, err = s.Usage.Release(ctx, k.ID, "2026-11", -st.lease)
				ok = err == nil
			}
			if ok != st.wantOK || (ok && n != st.wantCount) {
				t.Fatalf("%s: count %d ok %v (%v), want %d %v", st.name, n, ok, err, st.wantCount, st.wantOK)
			}
			if cur, _ := s.Usage.Current(ctx, k.ID, "2026-11"); cur != st.wantCount {
				t.Fatalf("%s: counter %d, want %d", st.name, cur, st.wantCount)
			}
		}
		if _, _, err := s.Usage.Lease(ctx, k.ID, "2026-11", 0, nil); err == nil {
			t.Error("a lease of 0 was accepted")
		}
	})
}

// Touch moves last_used_at forward, skipping moves of less than a minute.
func TestUsageTouch(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := storerules.Stores(db)
		ctx := context.Background()
		k := newKey(t, s)
		at := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
		for _, step := range []struct {
			at, want time.Time
		}{
			{at, at},
			{at.Add(30 * time.Second), at},
			{at.Add(2 * time.Minute), at.Add(2 * time.Minute)},
		} {
			if err := s.Usage.Touch(ctx, k.ID, step.at); err != nil {
				t.Fatal(err)
			}
			var got models.APIKey
			if err := db.Gorm.First(&got, "id = ?", k.ID).Error; err != nil {
				t.Fatal(err)
			}
			if got.LastUsedAt == nil || !got.LastUsedAt.Equal(step.want) {
				t.Errorf("touch at %v: last_used_at %v, want %v", step.at, got.LastUsedAt, step.want)
			}
		}
	})
}

// What a transaction registers with OnRollback runs after a rollback of its work, not after a
// commit; the zero Tx cannot promise it.
func TestTxOnRollback(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		tr := models.NewTransactor(db)
		ctx := context.Background()
		failed := errors.New("the work failed")
		for _, tc := range []struct {
			name    string
			err     error
			wantRan bool
		}{{"commit", nil, false}, {"rollback", failed, true}} {
			ran, order := false, []string{}
			err := tr.InTx(ctx, func(tx models.Tx) error {
				if !tx.OnRollback(func() { order = append(order, "first") }) ||
					!tx.OnRollback(func() { ran = true; order = append(order, "second") }) {
					t.Fatal("a Transactor transaction refused OnRollback")
				}
				return tc.err
			})
			if !errors.Is(err, tc.err) || ran != tc.wantRan {
				t.Errorf("%s: err %v, ran %v; want %v, %v", tc.name, err, ran, tc.err, tc.wantRan)
			}
			if tc.wantRan && (len(order) != 2 || order[0] != "second") {
				t.Errorf("%s: ran in order %v, want latest first", tc.name, order)
			}
		}
		if (models.Tx{}).OnRollback(func() {}) {
			t.Error("the zero Tx accepted OnRollback")
		}
	})
}
