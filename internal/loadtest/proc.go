package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Build compiles pkg (a Go package path such as ./cmd/claimcheck) into out.
func Build(ctx context.Context, pkg, out string) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", out, pkg)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = os.Stdout, &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %w: %s", pkg, err, stderr.String())
	}
	return nil
}

// FreePort asks the kernel for an unused loopback port.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Process is a server under test, its output kept in a log file.
type Process struct {
	// Name labels the process in reports.
	Name string
	// Base is the server's address, http://127.0.0.1:PORT.
	Base string
	// LogPath is where its standard output and error go.
	LogPath string

	cmd  *exec.Cmd
	done chan struct{}
	err  error
}

// Start runs bin with args and env (added to a minimal environment) and logs to logPath.
func Start(name, bin string, args, env []string, base, logPath string) (*Process, error) {
	f, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TZ=UTC"}, env...)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &Process{Name: name, Base: base, LogPath: logPath, cmd: cmd, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		f.Close()
		close(p.done)
	}()
	return p, nil
}

// PID is the process id.
func (p *Process) PID() int { return p.cmd.Process.Pid }

// Exited reports whether the process has ended.
func (p *Process) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// WaitReady waits until the server answers path at all (any status below 500), the process
// exits, or timeout passes.
func (p *Process) WaitReady(path string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	client := &http.Client{Timeout: time.Second}
	for time.Now().Before(deadline) {
		if p.Exited() {
			return fmt.Errorf("%s exited before it was ready (%v); log: %s", p.Name, p.err, p.Tail(20))
		}
		resp, err := client.Get(p.Base + path)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("%s not ready after %s; log: %s", p.Name, timeout, p.Tail(20))
}

// Stop sends SIGTERM and waits up to grace, then kills.
func (p *Process) Stop(grace time.Duration) error {
	if p.Exited() {
		return nil
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
		return nil
	case <-time.After(grace):
		_ = p.cmd.Process.Kill()
		<-p.done
		return fmt.Errorf("%s did not stop within %s of SIGTERM", p.Name, grace)
	}
}

// Kill9 ends the process with SIGKILL, as a crash would, and waits for it.
func (p *Process) Kill9() {
	if p.Exited() {
		return
	}
	_ = p.cmd.Process.Kill()
	<-p.done
}

// Tail is the last n lines of the process's log.
func (p *Process) Tail(n int) string {
	b, err := os.ReadFile(p.LogPath)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// Memory is a process's resident memory from /proc/PID/status, in bytes.
type Memory struct {
	// RSS is VmRSS: resident now.
	RSS int64
	// HWM is VmHWM: the peak resident size since the process started.
	HWM int64
	// Anon and File split RSS now (RssAnon, RssFile; 0 when the kernel does not report them):
	// File is mostly the executable's own pages, which the kernel can drop and read again.
	Anon, File int64
}

// ErrNoProc means /proc cannot be read (not Linux, or the process is gone).
var ErrNoProc = errors.New("no /proc status for the process")

// ReadMemory reads VmRSS and VmHWM of pid.
func ReadMemory(pid int) (Memory, error) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return Memory{}, fmt.Errorf("%w: %v", ErrNoProc, err)
	}
	defer f.Close()
	return ParseStatus(bufio.NewScanner(f))
}

// ParseStatus reads VmRSS and VmHWM, and RssAnon and RssFile when present (reported in kB), from
// the lines of a /proc status file.
func ParseStatus(sc *bufio.Scanner) (Memory, error) {
	var m Memory
	seen := 0
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || (name != "VmRSS" && name != "VmHWM" && name != "RssAnon" && name != "RssFile") {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) != 2 || fields[1] != "kB" {
			return m, fmt.Errorf("%s: unexpected %q", name, rest)
		}
		kb, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil {
			return m, fmt.Errorf("%s: %w", name, err)
		}
		switch name {
		case "VmRSS":
			m.RSS = kb * 1024
		case "VmHWM":
			m.HWM = kb * 1024
		case "RssAnon":
			m.Anon = kb * 1024
			continue
		case "RssFile":
			m.File = kb * 1024
			continue
		}
		seen++
	}
	if err := sc.Err(); err != nil {
		return m, err
	}
	if seen < 2 {
		return m, fmt.Errorf("%w: VmRSS or VmHWM missing", ErrNoProc)
	}
	return m, nil
}

// Sampler records a process's VmRSS at an interval, keeping the peak.
type Sampler struct {
	mu      sync.Mutex
	peak    int64
	samples int
	stop    chan struct{}
	done    chan struct{}
}

// SampleRSS starts sampling pid every interval until Stop.
func SampleRSS(pid int, interval time.Duration) *Sampler {
	s := &Sampler{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			if m, err := ReadMemory(pid); err == nil {
				s.mu.Lock()
				s.peak = max(s.peak, m.RSS)
				s.samples++
				s.mu.Unlock()
			}
			select {
			case <-s.stop:
				return
			case <-t.C:
			}
		}
	}()
	return s
}

// Peak is the largest VmRSS sampled so far and how many samples were taken.
func (s *Sampler) Peak() (int64, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peak, s.samples
}

// Stop ends sampling.
func (s *Sampler) Stop() {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	<-s.done
}

// MB formats bytes as megabytes (MiB) with one decimal.
func MB(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }

// clockTick is the unit of utime and stime in /proc/PID/stat: USER_HZ, 100 on Linux.
const clockTick = 10 * time.Millisecond

// ReadCPU is the CPU time pid has used so far (user plus system, all threads).
func ReadCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrNoProc, err)
	}
	return ParseStat(string(b))
}

// ParseStat reads utime and stime (fields 14 and 15) from a /proc stat line. The command name
// (field 2) is in parentheses and may hold spaces and parentheses itself, so fields are counted
// from the last ')'.
func ParseStat(line string) (time.Duration, error) {
	i := strings.LastIndexByte(line, ')')
	if i < 0 {
		return 0, fmt.Errorf("stat: no command name in %q", line)
	}
	fields := strings.Fields(line[i+1:])
	// fields[0] is field 3 (state), so utime (14) and stime (15) are fields[11] and fields[12].
	if len(fields) < 13 {
		return 0, fmt.Errorf("stat: %d fields after the command name, want at least 13", len(fields))
	}
	var ticks int64
	for _, f := range fields[11:13] {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("stat: %w", err)
		}
		ticks += n
	}
	return time.Duration(ticks) * clockTick, nil
}
