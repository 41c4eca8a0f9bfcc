package analysis

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/datasets"
)

func TestNewOfflineLoadsAllDomains(t *testing.T) {
	o := offlineWithData(t, datasets.DomainRatings)
	if got := o.Ratings().Len(); got != 11520 {
		t.Fatalf("loaded %d domain rows, want 11,520", got)
	}
	if got := len(o.Ratings().pc1); got != 11520 {
		t.Fatalf("%d distinct keys after normalisation, want 11,520 (two rows collapsed)", got)
	}
}

func TestParseDomainRatingsRejectsBadRows(t *testing.T) {
	for name, data := range map[string]string{
		"header":      "host,score\nreuters.com,1\n",
		"not a float": "domain,pc1\nreuters.com,high\n",
		"above 1":     "domain,pc1\nreuters.com,1.2\n",
		"empty":       "domain,pc1\n,0.5\n",
		"fields":      "domain,pc1\nreuters.com,1,2\n",
	} {
		if _, err := parseDomainRatings([]byte(data)); err == nil {
			t.Errorf("%s: parsed without error", name)
		}
	}
}

func TestParseSource(t *testing.T) {
	tests := []struct {
		url, host, reg string
		segs           []string
	}{
		{"https://www.reuters.com/world/x", "reuters.com", "reuters.com", []string{"world", "x"}},
		{"https://WWW.Reuters.COM:443/", "reuters.com", "reuters.com", nil},
		{"http://m.bbc.com/news", "bbc.com", "bbc.com", []string{"news"}},
		{"https://amp.theguardian.com/a/b/c", "theguardian.com", "theguardian.com", []string{"a", "b"}},
		{"https://edition.cnn.com/2024/01/x", "edition.cnn.com", "cnn.com", []string{"2024", "01"}},
		{"https://www.hurriyet.com.tr/gundem/", "hurriyet.com.tr", "hurriyet.com.tr", []string{"gundem"}},
		{"https://www.bbc.co.uk/news", "bbc.co.uk", "bbc.co.uk", []string{"news"}},
		{"https://www.nhs.uk/conditions", "nhs.uk", "nhs.uk", []string{"conditions"}},
		{"https://BÜCHER.de/", "xn--bcher-kva.de", "xn--bcher-kva.de", nil},
		{"https://xn--bcher-kva.de/", "xn--bcher-kva.de", "xn--bcher-kva.de", nil},
		{"reuters.com/article", "reuters.com", "reuters.com", []string{"article"}},
		{"https://example.com./", "example.com", "example.com", nil},
		{"https://foo.blogspot.com/post", "foo.blogspot.com", "foo.blogspot.com", []string{"post"}},
	}
	for _, tc := range tests {
		loc, err := parseSource(tc.url)
		if err != nil {
			t.Errorf("parseSource(%q): %v", tc.url, err)
			continue
		}
		if loc.Host != tc.host || loc.Registrable != tc.reg || strings.Join(loc.Segments, "/") != strings.Join(tc.segs, "/") {
			t.Errorf("parseSource(%q) = %+v, want host %s reg %s segs %v", tc.url, loc, tc.host, tc.reg, tc.segs)
		}
	}
	for _, bad := range []string{"ftp://reuters.com/x", "https://", "http://localhost/", "https://exa mple.com/"} {
		if loc, err := parseSource(bad); err == nil {
			t.Errorf("parseSource(%q) = %+v, want error", bad, loc)
		}
	}
}

func TestSourceScore(t *testing.T) {
	o := offlineWithData(t, datasets.DomainRatings)
	tests := []struct {
		url      string
		score    int
		assessed bool
		domain   string
		detail   string // substring of the basis
	}{
		{"https://www.reuters.com/world/", 100, true, "reuters.com", "reuters.com rated 1.00 (pc1"},
		{"https://REUTERS.com:8443/x", 100, true, "reuters.com", "Lin et al. 2023, PNAS Nexus"},
		{"https://edition.cnn.com/2024/x", pc1Score(o.Ratings().pc1["edition.cnn.com"]), true, "edition.cnn.com", "edition.cnn.com rated"},
		{"https://arabic.cnn.com/x", pc1Score(o.Ratings().pc1["cnn.com"]), true, "arabic.cnn.com", "arabic.cnn.com → cnn.com"},
		{"https://www.hurriyet.com.tr/gundem/x", 62, true, "hurriyet.com.tr", "hurriyet.com.tr rated 0.62"},
		{"https://www.aa.com.tr/tr/x", 61, true, "aa.com.tr", "aa.com.tr rated 0.61"},
		{"https://www.infowars.com/posts/x", 5, true, "infowars.com", "infowars.com rated 0.05"},
		{"https://www.rfi.fr/en/africa/x", 85, true, "rfi.fr", "rfi.fr/en rated 0.85"},
		{"https://www.facebook.com/news/x", 83, true, "facebook.com", "facebook.com/news"},
		{"https://x.com/capnews/status/1", 20, true, "x.com", "twitter.com/capnews"},
		{"https://www.nhs.uk/conditions/x", pc1Score(o.Ratings().pc1["nhs.uk"]), true, "nhs.uk", "nhs.uk rated"},
		{"https://understandrealitythroughscience.blogspot.com/p", pc1Score(o.Ratings().pc1["understandrealitythroughscience.blogspot.com"]), true, "understandrealitythroughscience.blogspot.com", "rated"},
		{"http://82.221.129.208/x", pc1Score(o.Ratings().pc1["82.221.129.208"]), true, "82.221.129.208", "82.221.129.208 rated"},
		// A public suffix never stands in for its sites, nor a blog host for its blogs.
		{"https://www.sozcu.com.tr/x", 50, false, "sozcu.com.tr", "sozcu.com.tr is not in the Lin et al. 2023 ratings (absence is not a judgement"},
		{"https://news.example.co.uk/x", 50, false, "news.example.co.uk", "and its domain example.co.uk"},
		{"https://someone.blogspot.com/x", 50, false, "someone.blogspot.com", "not in the Lin et al. 2023 ratings"},
		// A platform's own rating says little about the account that posted.
		{"https://www.facebook.com/someuser/posts/1", 50, false, "facebook.com", "platform where anyone can post"},
		{"https://m.youtube.com/watch?v=1", 50, false, "youtube.com", "youtube.com as a whole at 0.38"},
		{"https://twitter.com/someone/status/1", 50, false, "twitter.com", "platform"},
		{"https://docs.google.com/document/d/1", 50, false, "docs.google.com", "platform"},
		{"https://BÜCHER.de/", 50, false, "xn--bcher-kva.de", "bücher.de is not in"},
		{"", 50, false, "", "no source URL was given"},
		{"ftp://reuters.com/x", 50, false, "", "could not be used"},
		{"http://10.0.0.1/x", 50, false, "10.0.0.1", "IP address"},
	}
	for _, tc := range tests {
		r, err := o.Analyze(context.Background(), Input{Claim: "Aşılar otizme neden olur", SourceURL: tc.url})
		if err != nil {
			t.Fatalf("%s: %v", tc.url, err)
		}
		b := r.Basis[FieldSourceScore]
		if r.SourceScore != tc.score || b.Assessed != tc.assessed || r.SourceDomain != tc.domain || !strings.Contains(b.Detail, tc.detail) {
			t.Errorf("%q: score %d assessed %v domain %q basis %q; want %d %v %q containing %q",
				tc.url, r.SourceScore, b.Assessed, r.SourceDomain, b.Detail, tc.score, tc.assessed, tc.domain, tc.detail)
		}
		if b.Assessed && b.Method != MethodDomain || !b.Assessed && b.Method != MethodNotAssessed {
			t.Errorf("%q: method %q", tc.url, b.Method)
		}
	}
}

// TestSourceWithoutRatings checks that, without the data set, the source is named but not scored,
// and the basis says which file is missing and where to read how to install it.
func TestSourceWithoutRatings(t *testing.T) {
	dir := t.TempDir()
	ds, err := LoadDatasets(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ds.Missing(), "; "); !strings.Contains(got, "domain ratings are not installed") || !strings.Contains(got, "stopwords-iso is not installed") {
		t.Errorf("Missing() = %q", got)
	}
	o, err := NewOfflineWith(ds)
	if err != nil {
		t.Fatal(err)
	}
	if o.Ratings() != nil || o.Ratings().Len() != 0 {
		t.Errorf("ratings loaded from an empty folder")
	}
	r, err := o.Analyze(context.Background(), Input{Claim: "Aşılar otizme neden olur", SourceURL: "https://www.reuters.com/x"})
	if err != nil {
		t.Fatal(err)
	}
	want := "Not assessed: domain ratings are not installed (" + filepath.Join(dir, "domain-quality-ratings", "domain_pc1.csv") + "); see README, \"Datasets\"."
	if b := r.Basis[FieldSourceScore]; b.Assessed || b.Detail != want || r.SourceScore != NeutralScore || r.SourceDomain != "reuters.com" {
		t.Errorf("source %d %q basis %+v, want 50 and %q", r.SourceScore, r.SourceDomain, b, want)
	}
}

// TestLoadDatasetsRejectsBrokenFiles checks that a file that is there but malformed stops the
// start rather than passing for a working install.
func TestLoadDatasetsRejectsBrokenFiles(t *testing.T) {
	for name, file := range map[string][2]string{
		"ratings":   {"domain-quality-ratings/domain_pc1.csv", "domain,pc1\nreuters.com,high\n"},
		"stopwords": {"stopwords-iso/stopwords-iso.json", "{not json"},
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, filepath.FromSlash(file[0]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(file[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadDatasets(dir); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: err %v, want one naming %s", name, err, p)
		}
	}
}
