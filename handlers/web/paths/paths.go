// Package paths names the site's addresses, so each is built in one place: handlers, views and
// link-building services call these instead of concatenating "/claims/" + id.
package paths

import "net/url"

// Home is the claim form.
const Home = "/"

// Claims is the claim history.
const Claims = "/claims"

// Firms is the firm list.
const Firms = "/firms"

// Experts is the expert list.
const Experts = "/experts"

// Review is the experts' review queue.
const Review = "/review"

// AccountWebhooks lists the account's webhook endpoints.
const AccountWebhooks = "/account/webhooks"

// AdminFirms is the console's firm list.
const AdminFirms = "/admin/firms"

// OpenAPI is where the /v1 OpenAPI document is served.
const OpenAPI = "/v1/openapi.json"

// Claim is the public page of a claim.
func Claim(id string) string { return "/claims/" + url.PathEscape(id) }

// ReviewClaim is an expert's review form of a claim.
func ReviewClaim(id string) string { return "/review/" + url.PathEscape(id) }

// ReviewAttribution confirms a claim's firm attribution from the review form.
func ReviewAttribution(id string) string { return ReviewClaim(id) + "/attribution" }

// Expert is an expert's public profile.
func Expert(userID string) string { return "/experts/" + url.PathEscape(userID) }

// Firm is a firm's public page.
func Firm(slug string) string { return "/firms/" + url.PathEscape(slug) }

// AccountWebhook is one webhook endpoint's page; action ("" for the page itself) names a form
// posted under it (test, rotate, disable, enable, delete).
func AccountWebhook(id, action string) string { return sub(AccountWebhooks, id, action) }

// AdminPlan is a plan's edit page; action ("" for the page) names a form under it (hide, delete).
func AdminPlan(id, action string) string { return sub("/admin/plans", id, action) }

// AdminUser names a form posted for a user (role, plan, enable, disable).
func AdminUser(id, action string) string { return sub("/admin/users", id, action) }

// AdminKey names a form posted for an API key (quota, revoke).
func AdminKey(id, action string) string { return sub("/admin/keys", id, action) }

// AdminClaim names a form posted for a claim (hide, unhide).
func AdminClaim(id, action string) string { return sub("/admin/claims", id, action) }

// AdminOutboxRetry retries one outbox mail.
func AdminOutboxRetry(id string) string { return sub("/admin/outbox", id, "retry") }

// AdminFirm is a firm's console page; action ("" for the page) names a form under it (delete, claims).
func AdminFirm(id, action string) string { return sub(AdminFirms, id, action) }

// AdminFirmClaim names a form posted for a claim linked to a firm (confirm, unlink).
func AdminFirmClaim(firmID, claimID, action string) string {
	return sub(AdminFirm(firmID, "claims"), claimID, action)
}

// V1Claim is a claim's /v1 resource.
func V1Claim(id string) string { return "/v1/claims/" + url.PathEscape(id) }

// V1ClaimScore is a claim's /v1 score resource.
func V1ClaimScore(id string) string { return V1Claim(id) + "/score" }

// V1Firm is a firm's /v1 resource.
func V1Firm(slug string) string { return "/v1/firms/" + url.PathEscape(slug) }

// sub is base/id, or base/id/action when action is set.
func sub(base, id, action string) string {
	p := base + "/" + url.PathEscape(id)
	if action != "" {
		p += "/" + action
	}
	return p
}
