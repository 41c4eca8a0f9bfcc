package billing_test

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// stripeMockVersion is the stripe-mock release these tests were written against.
const stripeMockVersion = "v0.203.0"

// stripeMockInstall is how to get the binary when it is missing.
const stripeMockInstall = "go install github.com/stripe/stripe-mock@" + stripeMockVersion

var (
	stripeMockURL  string // base URL of a running stripe-mock, "" when unavailable
	stripeMockSkip string // why Stripe API tests skip
)

func TestMain(m *testing.M) {
	stop := startStripeMock()
	code := m.Run()
	stop()
	os.Exit(code)
}

// startStripeMock uses STRIPE_MOCK_URL when set, else starts the stripe-mock binary on a free port
// for the whole package run; without either, the tests that call Stripe skip and say how to install it.
func startStripeMock() (stop func()) {
	if u := os.Getenv("STRIPE_MOCK_URL"); u != "" {
		stripeMockURL = u
		return func() {}
	}
	bin, err := exec.LookPath("stripe-mock")
	if err != nil {
		gobin := os.Getenv("GOBIN")
		if gobin == "" {
			if gp, gerr := exec.Command("go", "env", "GOPATH").Output(); gerr == nil {
				gobin = filepath.Join(string(trimNL(gp)), "bin")
			}
		}
		if p := filepath.Join(gobin, "stripe-mock"); gobin != "" && isFile(p) {
			bin, err = p, nil
		}
	}
	if err != nil {
		stripeMockSkip = "stripe-mock not found on PATH or in $GOBIN/$GOPATH/bin: install it with `" +
			stripeMockInstall + "` or set STRIPE_MOCK_URL"
		return func() {}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		stripeMockSkip = "no free port for stripe-mock: " + err.Error()
		return func() {}
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "-http-addr", addr)
	if err := cmd.Start(); err != nil {
		stripeMockSkip = "start stripe-mock: " + err.Error()
		return func() {}
	}
	stop = func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			c.Close()
			stripeMockURL = "http://" + addr
			return stop
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	stripeMockSkip = fmt.Sprintf("stripe-mock at %s did not start listening within 20s", addr)
	return func() {}
}

// needStripeMock returns stripe-mock's URL or skips the test.
func needStripeMock(t *testing.T) string {
	t.Helper()
	if stripeMockURL == "" {
		t.Skip(stripeMockSkip)
	}
	return stripeMockURL
}

func trimNL(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
