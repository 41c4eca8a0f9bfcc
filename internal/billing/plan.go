package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/models"
	"github.com/stripe/stripe-go/v76"
)

// StarterSlug is the plan every account falls back to when no subscription grants more.
const StarterSlug = "starter"

// grants reports whether a subscription row gives its plan at now.
//
// Active and trialing subscriptions grant it (until period end once cancellation is scheduled,
// in case the final deleted event is late). Past-due, unpaid and canceled ones keep granting it
// until the period the customer paid for ends: Stripe is still retrying, or the customer paid up
// to that date. Incomplete, incomplete_expired and paused ones never grant it: nothing was paid.
func grants(sub *models.Subscription, now time.Time) bool {
	if sub.PlanID == nil {
		return false
	}
	ended := sub.CurrentPeriodEnd != nil && !now.Before(*sub.CurrentPeriodEnd)
	switch stripe.SubscriptionStatus(sub.Status) {
	case stripe.SubscriptionStatusActive, stripe.SubscriptionStatusTrialing:
		return !(sub.CancelAtPeriodEnd && ended)
	case stripe.SubscriptionStatusPastDue, stripe.SubscriptionStatusUnpaid, stripe.SubscriptionStatusCanceled:
		return sub.CurrentPeriodEnd != nil && !ended
	default:
		return false
	}
}

// nextPlanChange is when the row stops granting its plan without any further event, or nil: the
// sweeper (ApplyDuePlanChanges) tells the accounts layer then, since Stripe may send nothing.
func nextPlanChange(sub *models.Subscription, now time.Time) *time.Time {
	if !grants(sub, now) || sub.CurrentPeriodEnd == nil {
		return nil
	}
	switch stripe.SubscriptionStatus(sub.Status) {
	case stripe.SubscriptionStatusActive, stripe.SubscriptionStatusTrialing:
		if !sub.CancelAtPeriodEnd {
			return nil
		}
	}
	t := *sub.CurrentPeriodEnd
	return &t
}

// EffectivePlan is the plan an account has at now: the best plan (highest sort order) any of its
// subscriptions grants, else Starter. It is computed from the stored state, so it is right even
// before the sweeper has run for a period that just ended.
func (s *Service) EffectivePlan(ctx context.Context, userID string, now time.Time) (*models.Plan, error) {
	return effectivePlan(ctx, s.store, userID, now)
}

func effectivePlan(ctx context.Context, st *models.BillingStore, userID string, now time.Time) (*models.Plan, error) {
	subs, err := st.SubscriptionsByUser(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("billing: effective plan of %s: %w", userID, err)
	}
	var best *models.Plan
	for i := range subs {
		if !grants(&subs[i], now) {
			continue
		}
		p, err := st.PlanByID(ctx, *subs[i].PlanID)
		if errors.Is(err, models.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("billing: effective plan of %s: %w", userID, err)
		}
		if best == nil || p.SortOrder > best.SortOrder {
			best = p
		}
	}
	if best != nil {
		return best, nil
	}
	p, err := st.PlanBySlug(ctx, StarterSlug)
	if err != nil {
		return nil, fmt.Errorf("billing: fallback plan %q: %w", StarterSlug, err)
	}
	return p, nil
}

// notify tells the accounts layer the account's plan, inside the caller's transaction.
func (s *Service) notify(ctx context.Context, tx *models.BillingStore, userID string, now time.Time) error {
	if s.planChanged == nil {
		return nil
	}
	p, err := effectivePlan(ctx, tx, userID, now)
	if err != nil {
		return err
	}
	if err := s.planChanged(ctx, tx.Current(), userID, p.ID); err != nil {
		return fmt.Errorf("billing: plan change of %s to %s: %w", userID, p.Slug, err)
	}
	return nil
}

// ApplyDuePlanChanges tells the accounts layer about plans that lapsed at a period end with no
// webhook to announce it (a cancelled or unpaid subscription's paid period ran out), and returns
// how many accounts it handled. Run it periodically, e.g. every minute; running it from several
// processes at once is safe because the hook is idempotent.
func (s *Service) ApplyDuePlanChanges(ctx context.Context, now time.Time) (int, error) {
	users, err := s.store.UsersWithPlanChangeDue(ctx, now)
	if err != nil {
		return 0, fmt.Errorf("billing: %w", err)
	}
	done := 0
	for _, userID := range users {
		err := s.store.Tx(ctx, func(tx *models.BillingStore) error {
			// Once a period has ended the row grants nothing more, so no later change is pending:
			// clearing is exact, and touches nothing a concurrent webhook might be writing.
			if err := tx.ClearDuePlanChanges(ctx, userID, now); err != nil {
				return err
			}
			return s.notify(ctx, tx, userID, now)
		})
		if err != nil {
			return done, fmt.Errorf("billing: apply due plan change of %s: %w", userID, err)
		}
		done++
	}
	return done, nil
}
