package viewmodel

// What the /v1 webhooks API and the account's webhook pages both say.

// DefaultWebhookDeliveryLimit is how many deliveries a listing returns when it is not told.
const DefaultWebhookDeliveryLimit = 20

// RotationInProgressText explains why a second rotation within the grace period is refused.
const RotationInProgressText = "The secret was rotated less than 24 hours ago and the old one still signs beside it; " +
	"a second rotation now would stop the old secret at once. Rotate again once it has expired."
