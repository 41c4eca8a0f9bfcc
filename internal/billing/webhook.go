package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"
)

// Event types the service acts on; every other type is recorded and otherwise ignored.
const (
	// EventCheckoutCompleted links a new subscription to the account that started the Checkout.
	EventCheckoutCompleted = "checkout.session.completed"
	// EventSubscriptionCreated carries a new subscription's state (often still incomplete).
	EventSubscriptionCreated = "customer.subscription.created"
	// EventSubscriptionUpdated carries every later state: activation, renewal, cancellation scheduled.
	EventSubscriptionUpdated = "customer.subscription.updated"
	// EventSubscriptionDeleted carries the final, canceled state.
	EventSubscriptionDeleted = "customer.subscription.deleted"
	// EventInvoicePaid means a renewal succeeded; the subscription is re-read from Stripe.
	EventInvoicePaid = "invoice.paid"
	// EventInvoicePaymentFailed means a renewal failed; the subscription is re-read from Stripe.
	EventInvoicePaymentFailed = "invoice.payment_failed"
)

const (
	metadataUserID  = "user_id"
	metadataPlanID  = "plan_id"
	maxFreshRetries = 1
)

// errNeedsFresh asks for the subscription to be re-fetched: the event ties with the stored state
// on Stripe's one-second clock, so its payload cannot be ordered against it.
var errNeedsFresh = errors.New("billing: event ties with stored state")

// HandleWebhook verifies and applies one webhook delivery: payload is the raw request body (not
// re-encoded, or the signature fails) and sigHeader the Stripe-Signature header.
//
// nil means "answer 2xx", including for replays and for events that are older than the stored
// state. Errors wrapping ErrBadSignature or ErrBadPayload deserve a 400; anything else a 500, so
// that Stripe redelivers later (nothing was committed).
func (s *Service) HandleWebhook(ctx context.Context, payload []byte, sigHeader string) error {
	if s.webhookSecret == "" {
		return ErrNotConfigured
	}
	ev, err := webhook.ConstructEventWithOptions(payload, sigHeader, s.webhookSecret,
		webhook.ConstructEventOptions{Tolerance: WebhookTolerance})
	switch {
	case err == nil:
	case errors.Is(err, webhook.ErrTooOld):
		return ErrStaleSignature
	case errors.Is(err, webhook.ErrNotSigned), errors.Is(err, webhook.ErrInvalidHeader),
		errors.Is(err, webhook.ErrNoValidSignature):
		return fmt.Errorf("%w: %w", ErrBadSignature, err)
	default:
		// Bad JSON or an endpoint on another API version: the object shapes could be wrong, so
		// refusing beats misreading; the fix is the endpoint's API version (stripe.APIVersion).
		return fmt.Errorf("%w: %w", ErrBadPayload, err)
	}
	return s.ApplyEvent(ctx, &ev)
}

// change is what one event means for one subscription.
type change struct {
	subID        string
	sub          *stripe.Subscription // state to store
	fetchedAt    int64                // unix seconds of the Stripe read; 0 = state from the payload
	userHint     string               // account named by the event rather than the subscription
	planHint     string
	customerHint string
}

// ApplyEvent applies an already verified event; HandleWebhook is the way in for HTTP deliveries.
func (s *Service) ApplyEvent(ctx context.Context, ev *stripe.Event) error {
	if ev.ID == "" {
		return fmt.Errorf("%w: event without id", ErrBadPayload)
	}
	// A redelivery must not cost Stripe API calls; RecordEvent below stays the real guard.
	if seen, err := s.store.EventSeen(ctx, ev.ID); err != nil {
		return fmt.Errorf("billing: event %s: %w", ev.ID, err)
	} else if seen {
		return nil
	}
	ch, err := s.changeFor(ctx, ev)
	if err != nil {
		return err
	}
	for attempt := 0; ; attempt++ {
		err = s.store.Tx(ctx, func(tx *models.BillingStore) error { return s.applyTx(ctx, tx, ev, ch) })
		if !errors.Is(err, errNeedsFresh) || attempt >= maxFreshRetries {
			break
		}
		if err := s.refetch(ctx, ch); err != nil {
			return fmt.Errorf("billing: event %s (%s): %w", ev.ID, ev.Type, err)
		}
	}
	if err != nil {
		return fmt.Errorf("billing: event %s (%s): %w", ev.ID, ev.Type, err)
	}
	return nil
}

// changeFor decodes what the event says. Checkout and invoice events carry no subscription state,
// so the subscription is read from Stripe; those reads happen here, outside the transaction, so a
// slow Stripe never holds SQLite's write lock.
func (s *Service) changeFor(ctx context.Context, ev *stripe.Event) (*change, error) {
	if ev.Data == nil {
		return nil, nil
	}
	switch ev.Type {
	case EventSubscriptionCreated, EventSubscriptionUpdated, EventSubscriptionDeleted:
		var sub stripe.Subscription
		if err := json.Unmarshal(ev.Data.Raw, &sub); err != nil || sub.ID == "" {
			return nil, fmt.Errorf("%w: %s %s: subscription object: %v", ErrBadPayload, ev.Type, ev.ID, err)
		}
		return &change{subID: sub.ID, sub: &sub}, nil
	case EventCheckoutCompleted:
		var cs stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &cs); err != nil {
			return nil, fmt.Errorf("%w: %s %s: checkout session: %v", ErrBadPayload, ev.Type, ev.ID, err)
		}
		if cs.Mode != stripe.CheckoutSessionModeSubscription || cs.Subscription == nil || cs.Subscription.ID == "" {
			return nil, nil
		}
		ch := &change{subID: cs.Subscription.ID, userHint: cs.ClientReferenceID, planHint: cs.Metadata[metadataPlanID]}
		if ch.userHint == "" {
			ch.userHint = cs.Metadata[metadataUserID]
		}
		if cs.Customer != nil {
			ch.customerHint = cs.Customer.ID
		}
		return ch, s.refetch(ctx, ch)
	case EventInvoicePaid, EventInvoicePaymentFailed:
		var inv stripe.Invoice
		if err := json.Unmarshal(ev.Data.Raw, &inv); err != nil {
			return nil, fmt.Errorf("%w: %s %s: invoice: %v", ErrBadPayload, ev.Type, ev.ID, err)
		}
		if inv.Subscription == nil || inv.Subscription.ID == "" {
			return nil, nil // a one-off invoice: no plan depends on it
		}
		ch := &change{subID: inv.Subscription.ID}
		if inv.Customer != nil {
			ch.customerHint = inv.Customer.ID
		}
		return ch, s.refetch(ctx, ch)
	default:
		return nil, nil
	}
}

// refetch replaces the change's state with Stripe's current one.
func (s *Service) refetch(ctx context.Context, ch *change) error {
	sub, err := s.fetchSubscription(ctx, ch.subID)
	if err != nil {
		return err
	}
	ch.sub, ch.fetchedAt = sub, s.now().Unix()
	return nil
}

// applyTx records the event and applies its change in one transaction: either both commit or
// neither does, which is what makes redelivery safe.
func (s *Service) applyTx(ctx context.Context, tx *models.BillingStore, ev *stripe.Event, ch *change) error {
	fresh, err := tx.RecordEvent(ctx, ev.ID, string(ev.Type), s.now())
	if err != nil || !fresh || ch == nil {
		return err
	}
	row, err := tx.SubscriptionByStripeID(ctx, ch.subID)
	if errors.Is(err, models.ErrNotFound) {
		row, err = nil, nil
	}
	if err != nil {
		return err
	}
	if row != nil {
		switch {
		case ch.fetchedAt != 0 && row.LastEventCreated > ch.fetchedAt:
			// An event newer than our read of Stripe was applied meanwhile; keep its state.
			return nil
		case ch.fetchedAt == 0 && ev.Created < row.LastEventCreated:
			s.log.Info("billing: ignoring stripe event older than stored state",
				"event", ev.ID, "type", ev.Type, "subscription", ch.subID)
			return nil
		case ch.fetchedAt == 0 && ev.Created == row.LastEventCreated:
			return errNeedsFresh
		}
	}

	userID := ch.sub.Metadata[metadataUserID]
	if userID == "" {
		userID = ch.userHint
	}
	if row != nil {
		userID = row.UserID // the first attribution wins: metadata must not move a subscription
	}
	if _, err := uuid.Parse(userID); err != nil {
		// Not one of ours (created in the Dashboard, say), or not yet attributable: a later
		// checkout.session.completed names the account and re-reads the subscription.
		s.log.Warn("billing: stripe subscription names no account; event recorded, state not stored",
			"event", ev.ID, "type", ev.Type, "subscription", ch.subID)
		return nil
	}

	if row == nil {
		row = &models.Subscription{UserID: userID, StripeSubscriptionID: ch.subID}
	}
	if err := s.fill(ctx, tx, row, ch); err != nil {
		return err
	}
	// Only Stripe's own clock orders events: our fetch time would be another clock, and with any
	// skew it could make a genuinely newer event look stale and be dropped for good.
	row.LastEventCreated = max(row.LastEventCreated, ev.Created)
	now := s.now()
	row.PlanChangeAt = nextPlanChange(row, now)
	if err := tx.SaveSubscription(ctx, row); err != nil {
		return err
	}
	return s.notify(ctx, tx, userID, now)
}

// fill copies Stripe's subscription state onto the row and works out which plan it sells.
func (s *Service) fill(ctx context.Context, tx *models.BillingStore, row *models.Subscription, ch *change) error {
	sub := ch.sub
	row.Status = string(sub.Status)
	row.CancelAtPeriodEnd = sub.CancelAtPeriodEnd
	row.CurrentPeriodEnd = nil
	if sub.CurrentPeriodEnd > 0 {
		t := time.Unix(sub.CurrentPeriodEnd, 0).UTC()
		row.CurrentPeriodEnd = &t
	}
	switch {
	case sub.Customer != nil && sub.Customer.ID != "":
		row.StripeCustomerID = sub.Customer.ID
	case ch.customerHint != "":
		row.StripeCustomerID = ch.customerHint
	}
	if sub.Items != nil {
		for _, it := range sub.Items.Data {
			if it != nil && it.Price != nil && it.Price.ID != "" {
				row.StripePriceID = it.Price.ID
				break
			}
		}
	}
	// The price decides the plan: it is what the customer pays for. Metadata and the checkout's
	// hint only cover prices no plan carries (stripe-mock fixtures, a renamed price).
	if row.StripePriceID != "" {
		p, err := tx.PlanByStripePrice(ctx, row.StripePriceID)
		if err == nil {
			row.PlanID = &p.ID
			return nil
		}
		if !errors.Is(err, models.ErrNotFound) {
			return err
		}
	}
	for _, id := range []string{sub.Metadata[metadataPlanID], ch.planHint} {
		if _, err := uuid.Parse(id); err != nil {
			continue
		}
		p, err := tx.PlanByID(ctx, id)
		if err == nil {
			row.PlanID = &p.ID
			return nil
		}
		if !errors.Is(err, models.ErrNotFound) {
			return err
		}
	}
	return nil // keep whatever plan the row had
}
