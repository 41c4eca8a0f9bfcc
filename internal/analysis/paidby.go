package analysis

import "context"

// paidByKey holds, in a context, the id of the API key an analysis is made for.
type paidByKey struct{}

// WithPaidBy records that the analysis run under ctx is made for (and paid by) the API key keyID,
// so an analyzer can make it the way that key's account chose (its own model, internal/custommodel).
func WithPaidBy(ctx context.Context, keyID string) context.Context {
	if keyID == "" {
		return ctx
	}
	return context.WithValue(ctx, paidByKey{}, keyID)
}

// PaidBy is the API key id WithPaidBy recorded in ctx, or "" for an analysis no key pays for
// (the web form, the command line).
func PaidBy(ctx context.Context) string {
	s, _ := ctx.Value(paidByKey{}).(string)
	return s
}
