package metering

import "strconv"

// Headers are the rate-limit headers stating a: X-RateLimit-Reset (unix time of the next month's
// start) always, X-RateLimit-Limit and -Remaining unless the plan is unlimited (there is no number
// to state), RateLimit-Limit, -Remaining and -Reset (seconds) when a burst limit applied, and
// Retry-After when the request was refused. The monthly headers are left out when the count could
// not be read.
func Headers(a Admission) map[string]string {
	h := map[string]string{}
	EachHeader(a, func(name string, value int64) { h[name] = strconv.FormatInt(value, 10) })
	return h
}

// EachHeader calls set with each of Headers(a), in a fixed order and without building the map, for
// the surfaces that set them on every counted request.
func EachHeader(a Admission, set func(name string, value int64)) {
	if a.usageKnown {
		set("X-RateLimit-Reset", a.Reset.Unix())
		if a.Limit != nil {
			set("X-RateLimit-Limit", int64(*a.Limit))
			set("X-RateLimit-Remaining", int64(a.Remaining))
		}
	}
	if a.Burst != nil {
		set("RateLimit-Limit", int64(a.Burst.Limit))
		set("RateLimit-Remaining", int64(a.Burst.Remaining))
		set("RateLimit-Reset", int64(a.Burst.ResetSeconds))
	}
	if !a.Allowed && a.RetryAfter > 0 {
		set("Retry-After", int64(a.RetryAfter))
	}
}
