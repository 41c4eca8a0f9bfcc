package metering

import "strconv"

// Headers are the rate-limit headers stating a: X-RateLimit-Reset (unix time of the next month's
// start) always, X-RateLimit-Limit and -Remaining unless the plan is unlimited (there is no number
// to state), RateLimit-Limit, -Remaining and -Reset (seconds) when a burst limit applied, and
// Retry-After when the request was refused. The monthly headers are left out when the count could
// not be read.
func Headers(a Admission) map[string]string {
	h := map[string]string{}
	if a.usageKnown {
		h["X-RateLimit-Reset"] = strconv.FormatInt(a.Reset.Unix(), 10)
		if a.Limit != nil {
			h["X-RateLimit-Limit"] = strconv.Itoa(*a.Limit)
			h["X-RateLimit-Remaining"] = strconv.Itoa(a.Remaining)
		}
	}
	if a.Burst != nil {
		h["RateLimit-Limit"] = strconv.Itoa(a.Burst.Limit)
		h["RateLimit-Remaining"] = strconv.Itoa(a.Burst.Remaining)
		h["RateLimit-Reset"] = strconv.Itoa(a.Burst.ResetSeconds)
	}
	if !a.Allowed && a.RetryAfter > 0 {
		h["Retry-After"] = strconv.Itoa(a.RetryAfter)
	}
	return h
}
