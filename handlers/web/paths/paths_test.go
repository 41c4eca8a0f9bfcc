package paths

import "testing"

func TestPaths(t *testing.T) {
	const id = "0b6f3c9e-3d44-4c1e-9d0c-6f0f3c9e3d44"
	for _, tc := range []struct{ got, want string }{
		{Claim(id), "/claims/" + id},
		{Claim("a/b"), "/claims/a%2Fb"},
		{ReviewClaim(id), "/review/" + id},
		{ReviewAttribution(id), "/review/" + id + "/attribution"},
		{Expert(id), "/experts/" + id},
		{Firm("acme-news"), "/firms/acme-news"},
		{AccountWebhook(id, ""), "/account/webhooks/" + id},
		{AccountWebhook(id, "rotate"), "/account/webhooks/" + id + "/rotate"},
		{AdminPlan(id, "hide"), "/admin/plans/" + id + "/hide"},
		{AdminUser(id, "role"), "/admin/users/" + id + "/role"},
		{AdminKey(id, "quota"), "/admin/keys/" + id + "/quota"},
		{AdminClaim(id, "unhide"), "/admin/claims/" + id + "/unhide"},
		{AdminOutboxRetry(id), "/admin/outbox/" + id + "/retry"},
		{AdminFirm(id, ""), "/admin/firms/" + id},
		{AdminFirmClaim("f", id, "confirm"), "/admin/firms/f/claims/" + id + "/confirm"},
		{V1Claim(id), "/v1/claims/" + id},
		{V1ClaimScore(id), "/v1/claims/" + id + "/score"},
		{V1Firm("acme"), "/v1/firms/acme"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
