package config

import (
	"strings"
	"testing"
)

// The logging and metrics settings default to readable text at info with no metrics token, take
// valid values in any case, and refuse malformed ones by name.
func TestLogAndMetricsSettings(t *testing.T) {
	c, err := FromLookup(lookup(nil))
	if err != nil || c.LogFormat != "text" || c.LogLevel != "info" || c.MetricsToken != "" {
		t.Fatalf("defaults: format %q level %q token %q (%v)", c.LogFormat, c.LogLevel, c.MetricsToken, err)
	}
	token := strings.Repeat("t", MinMetricsTokenBytes)
	c, err = FromLookup(lookup(map[string]string{"LOG_FORMAT": "JSON", "LOG_LEVEL": "Debug", "METRICS_TOKEN": token}))
	if err != nil || c.LogFormat != "json" || c.LogLevel != "debug" || c.MetricsToken != token {
		t.Errorf("overrides: format %q level %q token %q (%v)", c.LogFormat, c.LogLevel, c.MetricsToken, err)
	}
	for _, tc := range []struct{ key, value string }{
		{"LOG_FORMAT", "xml"},
		{"LOG_LEVEL", "verbose"},
		{"METRICS_TOKEN", "short"},
	} {
		_, err := FromLookup(lookup(map[string]string{tc.key: tc.value}))
		if err == nil || !strings.Contains(err.Error(), tc.key) {
			t.Errorf("%s=%s: %v, want an error naming %s", tc.key, tc.value, err, tc.key)
		}
	}
}
