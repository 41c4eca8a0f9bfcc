package config

import (
	"strings"
	"testing"
	"time"
)

func lookup(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestDefaults(t *testing.T) {
	c, err := FromLookup(lookup(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 3000 || c.DatabaseURL != "./data/claimcheck.db" || c.BaseURL != "http://localhost:3000" || !c.MigrateOnStart ||
		c.KeyCacheTTL != 4*time.Second || c.Analyzer != "offline" || c.AnonChecksPerHour != 30 {
		t.Errorf("defaults = %+v", c)
	}
}

func TestOverridesAndErrors(t *testing.T) {
	c, err := FromLookup(lookup(map[string]string{"PORT": "8080", "DATABASE_URL": "postgres://u@h/db", "BASE_URL": "https://cc.example/"}))
	if err != nil || c.Port != 8080 || c.BaseURL != "https://cc.example" || c.DatabaseURL != "postgres://u@h/db" {
		t.Errorf("overrides: %+v %v", c, err)
	}
	for env, want := range map[string]string{
		"PORT=abc":                  "PORT",
		"PORT=70000":                "PORT",
		"MIGRATE_ON_START=maybe":    "MIGRATE_ON_START",
		"KEY_CACHE_TTL=10s":         "at most 5s",
		"KEY_CACHE_TTL=soon":        "KEY_CACHE_TTL",
		"BASE_URL=localhost":        "BASE_URL",
		"CLAIMCHECK_ANALYZER=x":     "CLAIMCHECK_ANALYZER",
		"CLAIMCHECK_ANALYZER=llm":   "LLM_MODEL",
		"LLM_BASE_URL=ollama":       "LLM_BASE_URL",
		"LLM_STRUCTURED_OUTPUT=xml": "LLM_STRUCTURED_OUTPUT",
		"DEVICE_KEY=short":          "DEVICE_KEY",
		"LISTEN_ADDR=3000":          "LISTEN_ADDR",
		"LISTEN_ADDR=0.0.0.0":       "LISTEN_ADDR",
		"HSTS_MAX_AGE=a year":       "HSTS_MAX_AGE",
	} {
		k, v, _ := strings.Cut(env, "=")
		if _, err := FromLookup(lookup(map[string]string{k: v})); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want mention of %s", env, err, want)
		}
	}
}

func TestAnalyzerAlias(t *testing.T) {
	c, err := FromLookup(lookup(map[string]string{"ANALYZER": "llm", "LLM_MODEL": "llama3.1", "LLM_BASE_URL": "http://localhost:11434/v1"}))
	if err != nil || c.Analyzer != "llm" || c.LLM.Model != "llama3.1" {
		t.Errorf("ANALYZER=llm: %+v %v", c, err)
	}
	c, _ = FromLookup(lookup(map[string]string{"ANALYZER": "llm", "CLAIMCHECK_ANALYZER": "offline"}))
	if c.Analyzer != "offline" {
		t.Errorf("CLAIMCHECK_ANALYZER should win over ANALYZER, got %q", c.Analyzer)
	}
}

// TestDatasetsDir checks the data sets sit beside the SQLite file unless DATASETS_DIR says otherwise.
func TestDatasetsDir(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{nil, "./data/datasets"},
		{map[string]string{"DATA_DIR": "/var/lib/claimcheck/"}, "/var/lib/claimcheck/datasets"},
		{map[string]string{"DATA_DIR": "/var/lib/claimcheck", "DATASETS_DIR": "../shared/data"}, "../shared/data"},
	} {
		c, err := FromLookup(lookup(tc.env))
		if err != nil {
			t.Fatal(err)
		}
		if c.DatasetsDir != tc.want {
			t.Errorf("%v: DatasetsDir = %q, want %q", tc.env, c.DatasetsDir, tc.want)
		}
	}
}

// TestDeviceKey checks DEVICE_KEY is read as given and is optional.
func TestDeviceKey(t *testing.T) {
	key := strings.Repeat("k", MinDeviceKeyBytes)
	c, err := FromLookup(lookup(map[string]string{"DEVICE_KEY": key}))
	if err != nil || c.DeviceKey != key {
		t.Errorf("DEVICE_KEY: %q %v", c.DeviceKey, err)
	}
	if c, err := FromLookup(lookup(nil)); err != nil || c.DeviceKey != "" {
		t.Errorf("unset DEVICE_KEY: %q %v", c.DeviceKey, err)
	}
}

// TestConfigListenAddr: a fresh install listens on loopback only; LISTEN_ADDR exposes it, and PORT
// moves the default with it.
func TestConfigListenAddr(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{nil, "127.0.0.1:3000"},
		{map[string]string{"PORT": "8080"}, "127.0.0.1:8080"},
		{map[string]string{"LISTEN_ADDR": "0.0.0.0:3000"}, "0.0.0.0:3000"},
		{map[string]string{"LISTEN_ADDR": "[::1]:9000"}, "[::1]:9000"},
		{map[string]string{"LISTEN_ADDR": ":3000"}, ":3000"},
	} {
		c, err := FromLookup(lookup(tc.env))
		if err != nil || c.ListenAddr != tc.want {
			t.Errorf("%v: listen address %q (%v), want %q", tc.env, c.ListenAddr, err, tc.want)
		}
	}
}

// TestConfigBaseURLFollowsListenPort: without BASE_URL, links point at the port the server
// listens on, whether PORT or LISTEN_ADDR chose it.
func TestConfigBaseURLFollowsListenPort(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{nil, "http://localhost:3000"},
		{map[string]string{"PORT": "8080"}, "http://localhost:8080"},
		{map[string]string{"LISTEN_ADDR": "127.0.0.1:3998"}, "http://localhost:3998"},
		{map[string]string{"PORT": "8080", "LISTEN_ADDR": "0.0.0.0:9000"}, "http://localhost:9000"},
		{map[string]string{"LISTEN_ADDR": "0.0.0.0:9000", "BASE_URL": "https://cc.example"}, "https://cc.example"},
	} {
		c, err := FromLookup(lookup(tc.env))
		if err != nil || c.BaseURL != tc.want {
			t.Errorf("%v: base URL %q (%v), want %q", tc.env, c.BaseURL, err, tc.want)
		}
	}
}

// TestConfigHSTS: a year by default, 0 turns the header off.
func TestConfigHSTS(t *testing.T) {
	c, err := FromLookup(lookup(nil))
	if err != nil || c.HSTSMaxAge != 365*24*time.Hour {
		t.Errorf("default HSTS max-age %v (%v), want a year", c.HSTSMaxAge, err)
	}
	if c, err = FromLookup(lookup(map[string]string{"HSTS_MAX_AGE": "0s"})); err != nil || c.HSTSMaxAge != 0 {
		t.Errorf("HSTS_MAX_AGE=0s: %v (%v)", c.HSTSMaxAge, err)
	}
}
