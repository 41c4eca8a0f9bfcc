package analysis

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// ratingsCitation is how each rated source names the data set, so every rating on a claim page can be
// traced to the paper (README.md, "Datasets").
const ratingsCitation = "Lin et al. 2023, PNAS Nexus"

// DomainRatings is the Lin et al. 2023 news-domain quality table: pc1 in 0..1 per domain (1 = highest
// quality). A few rows rate one section or account of a site ("rfi.fr/en", "facebook.com/news"), so
// keys are a host optionally followed by up to two lower-case path segments.
type DomainRatings struct {
	pc1  map[string]float64
	rows int
}

// Len is the number of data rows read (11,520 in the documented version).
func (d *DomainRatings) Len() int {
	if d == nil {
		return 0
	}
	return d.rows
}

// parseDomainRatings reads domain_pc1.csv ("domain,pc1"). Every row must parse and lie in 0..1: a
// silently skipped row would be a source that looks "unknown" when the paper rated it.
func parseDomainRatings(data []byte) (*DomainRatings, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = 2
	header, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("domain ratings: read header: %w", err)
	}
	if header[0] != "domain" || header[1] != "pc1" {
		return nil, fmt.Errorf("domain ratings: header is %q, want domain,pc1", header)
	}
	d := &DomainRatings{pc1: make(map[string]float64, 12000)}
	for line := 2; ; line++ {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("domain ratings: line %d: %w", line, err)
		}
		v, err := strconv.ParseFloat(rec[1], 64)
		if err != nil || v < 0 || v > 1 || math.IsNaN(v) {
			return nil, fmt.Errorf("domain ratings: line %d: pc1 %q is not a number in 0..1", line, rec[1])
		}
		key := ratingKey(rec[0])
		if key == "" {
			return nil, fmt.Errorf("domain ratings: line %d: empty domain", line)
		}
		// Keep the first (highest, as the file is sorted by pc1) if two spellings normalise alike.
		if _, dup := d.pc1[key]; !dup {
			d.pc1[key] = v
		}
		d.rows++
	}
	return d, nil
}

// ratingKey normalises a data-set domain the same way source hosts are normalised, so that
// "Example.com" in the file and "EXAMPLE.com" in a URL meet.
func ratingKey(raw string) string {
	raw = strings.TrimSpace(raw)
	host, path, _ := strings.Cut(raw, "/")
	h, err := asciiHost(host)
	if err != nil {
		// A few rows hold labels such as "wvec–13newsnow.com" that are not valid host names; keep them
		// as written so the row is still counted, even though no URL can reach it.
		h = strings.ToLower(host)
	}
	if path != "" {
		return h + "/" + strings.Trim(strings.ToLower(path), "/")
	}
	return h
}

// asciiHost maps a host name to its lower-case ASCII (punycode) form, the one canonical spelling:
// "BÜCHER.de", "bücher.de" and "xn--bcher-kva.de" all become "xn--bcher-kva.de".
func asciiHost(host string) (string, error) {
	host = strings.TrimSuffix(strings.TrimSpace(host), ".")
	if host == "" {
		return "", errors.New("empty host")
	}
	if isASCII(host) {
		host = strings.ToLower(host)
		if !strings.Contains(host, "xn--") {
			return host, nil
		}
	}
	a, err := idna.Lookup.ToASCII(host)
	if err != nil {
		return "", fmt.Errorf("host %q is not a valid domain name: %w", host, err)
	}
	return a, nil
}

// displayHost is the Unicode form of an ASCII host, for text people read.
func displayHost(ascii string) string {
	if !strings.Contains(ascii, "xn--") {
		return ascii
	}
	if u, err := idna.Display.ToUnicode(ascii); err == nil {
		return u
	}
	return ascii
}

// sourceLocation is a source URL reduced to what the ratings can be looked up by.
type sourceLocation struct {
	// Host is the ASCII host with www./m./amp.-style prefixes removed.
	Host string
	// Registrable is the domain a registrant controls (eTLD+1), where parent lookups stop.
	Registrable string
	// Segments are the first two lower-case path segments, for section- and account-level rows.
	Segments []string
	// IP is set when the source is given by address.
	IP bool
}

// mirrorPrefixes are leading labels that name a mobile, AMP or numbered mirror of the same site, so
// "m.bbc.com" is rated as "bbc.com".
var mirrorPrefixes = map[string]bool{
	"www": true, "www1": true, "www2": true, "www3": true, "ww2": true, "m": true, "mobile": true,
	"amp": true, "wap": true, "touch": true,
}

// parseSource reads a source URL defensively: the handlers validate it, but the CLI and later callers
// might not, and a bare "reuters.com/x" is still clearly a place.
func parseSource(raw string) (sourceLocation, error) {
	raw = strings.TrimSpace(raw)
	if !strings.Contains(raw, "://") {
		raw = "http://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url.Parse's message quotes the whole input; the basis only needs the verdict.
		return sourceLocation{}, errors.New("it is not a valid web address")
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return sourceLocation{}, fmt.Errorf("scheme %q is not http or https", u.Scheme)
	}
	h := u.Hostname()
	if h == "" {
		return sourceLocation{}, errors.New("no host name")
	}
	if ip := net.ParseIP(strings.Trim(h, "[]")); ip != nil {
		// One row of the data set is an address; any other address is simply unrated.
		return sourceLocation{Host: ip.String(), Registrable: ip.String(), IP: true}, nil
	}
	host, err := asciiHost(h)
	if err != nil {
		return sourceLocation{}, err
	}
	if !strings.Contains(host, ".") {
		return sourceLocation{}, fmt.Errorf("host %q is not a public domain name", host)
	}
	reg, err := publicsuffix.EffectiveTLDPlusOne(host)
	if err != nil {
		// The host is itself a public suffix (e.g. "blogspot.com" or "gov.uk"): only an exact row fits.
		reg = host
	}
	for {
		label, rest, ok := strings.Cut(host, ".")
		if !ok || !mirrorPrefixes[label] || !strings.Contains(rest, ".") {
			break
		}
		if len(rest) < len(reg) {
			// "www.nhs.uk": nhs.uk is itself a public suffix, so the registrable domain came out as
			// www.nhs.uk; the www is still only a mirror label.
			if ps, _ := publicsuffix.PublicSuffix(rest); ps != rest {
				break
			}
			reg = rest
		}
		host = rest
	}
	loc := sourceLocation{Host: host, Registrable: reg}
	for _, s := range strings.Split(strings.ToLower(u.Path), "/") {
		if s == "" {
			continue
		}
		loc.Segments = append(loc.Segments, s)
		if len(loc.Segments) == 2 {
			break
		}
	}
	return loc, nil
}

// platforms are sites where anyone can publish. The data set rates some of them as a whole
// (facebook.com 0.41, youtube.com 0.38, medium.com 0.72), but a platform-wide number says little
// about the account that posted a claim, so it is shown and not used; an account or section the
// data set rates by path ("facebook.com/news") is still used.
var platforms = map[string]bool{
	"facebook.com": true, "fb.com": true, "twitter.com": true, "x.com": true, "youtube.com": true,
	"youtu.be": true, "instagram.com": true, "tiktok.com": true, "reddit.com": true, "medium.com": true,
	"substack.com": true, "blogspot.com": true, "wordpress.com": true, "tumblr.com": true, "t.me": true,
	"telegram.me": true, "telegram.org": true, "linkedin.com": true, "change.org": true, "rumble.com": true,
	"bitchute.com": true, "vk.com": true, "threads.net": true, "pinterest.com": true, "quora.com": true,
	"eksisozluk.com": true, "google.com": true, "whatsapp.com": true, "wa.me": true, "discord.com": true,
	"twitch.tv": true, "soundcloud.com": true, "scribd.com": true, "github.com": true, "pastebin.com": true,
	"archive.org": true, "archive.ph": true, "archive.today": true, "bsky.app": true, "gab.com": true,
	"truthsocial.com": true, "odysee.com": true, "dailymotion.com": true, "vimeo.com": true,
}

// pathAliases let account-level rows recorded under a platform's old name match its new one.
var pathAliases = map[string]string{"x.com": "twitter.com", "fb.com": "facebook.com"}

// sourceRating is the outcome of a lookup.
type sourceRating struct {
	Found bool
	// Key is the matched row ("cnn.com", "rfi.fr/en").
	Key string
	PC1 float64
	// Platform and PlatformPC1 are set when only a platform-wide rating exists.
	Platform    string
	PlatformPC1 float64
}

// Lookup finds the rating for a source: the host itself, then each parent domain down to the
// registrable domain (never a public suffix such as com.tr or co.uk, which would rate every site
// under it alike). At each level a section or account row ("rfi.fr/en") is preferred to the
// site-wide row, because it is the more specific judgement.
func (d *DomainRatings) lookup(loc sourceLocation) sourceRating {
	var out sourceRating
	domain := loc.Host
	for {
		names := []string{domain}
		if alias, ok := pathAliases[domain]; ok {
			names = append(names, alias)
		}
		for _, name := range names {
			for n := len(loc.Segments); n >= 1; n-- {
				key := name + "/" + strings.Join(loc.Segments[:n], "/")
				if v, ok := d.pc1[key]; ok {
					return sourceRating{Found: true, Key: key, PC1: v}
				}
			}
		}
		if v, ok := d.pc1[domain]; ok {
			if !platforms[domain] {
				return sourceRating{Found: true, Key: domain, PC1: v}
			}
			if out.Platform == "" {
				out.Platform, out.PlatformPC1 = domain, v
			}
		} else if platforms[domain] && out.Platform == "" {
			out.Platform, out.PlatformPC1 = domain, -1
		}
		if domain == loc.Registrable || !strings.Contains(domain, ".") {
			return out
		}
		_, parent, _ := strings.Cut(domain, ".")
		if len(parent) < len(loc.Registrable) {
			return out
		}
		domain = parent
	}
}

// qualityBand puts a pc1 rating into a word for the summary. The bands are equal quarters of the
// scale, a presentation choice: the paper publishes the number, not bands.
func qualityBand(pc1 float64) string {
	switch {
	case pc1 >= 0.75:
		return "high"
	case pc1 >= 0.5:
		return "middling"
	case pc1 >= 0.25:
		return "low"
	}
	return "very low"
}

// pc1Score turns a pc1 rating into the 0–100 source score.
func pc1Score(v float64) int { return int(math.Round(v * 100)) }

// sourceStage rates the place the claim appeared.
type sourceStage struct {
	// ratings is nil when the data set is not installed.
	ratings *DomainRatings
	// path is where the ratings were looked for, named when they are missing.
	path string
}

// notInstalledReason is the source basis when the ratings are not installed: the reason, the file
// that would fix it and where the README explains how.
func notInstalledReason(path string) string {
	if path == "" {
		path = "DATASETS_DIR/domain-quality-ratings/domain_pc1.csv"
	}
	return "Not assessed: domain ratings are not installed (" + path + "); see README, \"Datasets\"."
}

// Name identifies the stage in errors.
func (sourceStage) Name() string { return "source" }

// Apply sets SourceScore, SourceDomain and their basis.
func (s sourceStage) Apply(_ context.Context, in Input, r *Result) error {
	r.SourceScore = NeutralScore
	if strings.TrimSpace(in.SourceURL) == "" {
		r.Basis[FieldSourceScore] = NotAssessed("Not assessed: no source URL was given, so there is no outlet to rate.")
		return nil
	}
	loc, err := parseSource(in.SourceURL)
	if err != nil {
		r.Basis[FieldSourceScore] = NotAssessed("Not assessed: the source URL could not be used: " + err.Error() + ".")
		return nil
	}
	r.SourceDomain = loc.Host
	if s.ratings == nil {
		r.Basis[FieldSourceScore] = NotAssessed(notInstalledReason(s.path))
		return nil
	}
	shown := displayHost(loc.Host)
	rating := s.ratings.lookup(loc)
	switch {
	case rating.Found:
		r.SourceScore = pc1Score(rating.PC1)
		via := displayHost(rating.Key)
		if via != shown {
			via = shown + " → " + via
		}
		r.Basis[FieldSourceScore] = FieldBasis{Assessed: true, Method: MethodDomain, Detail: fmt.Sprintf(
			"Source: %s rated %.2f (pc1, 0 = lowest and 1 = highest news-domain quality) by %s; score = round(pc1 × 100) = %d.",
			via, rating.PC1, ratingsCitation, r.SourceScore)}
		r.note(FieldSourceScore, fmt.Sprintf("Source %s is rated %.2f on a 0–1 news-quality scale (%s quality; Lin et al. 2023); that describes the outlet, not this claim.",
			displayHost(rating.Key), rating.PC1, qualityBand(rating.PC1)))
	case rating.Platform != "":
		detail := fmt.Sprintf("Not assessed: %s is a platform where anyone can post, so the rating of the platform says little about who posted this claim", shown)
		if rating.PlatformPC1 >= 0 {
			detail += fmt.Sprintf(" (Lin et al. 2023 rate %s as a whole at %.2f)", rating.Platform, rating.PlatformPC1)
		}
		r.Basis[FieldSourceScore] = NotAssessed(detail + "; this account or page is not rated separately.")
	case loc.IP:
		r.Basis[FieldSourceScore] = NotAssessed("Not assessed: the source is given by IP address (" + loc.Host +
			"), which the Lin et al. 2023 ratings do not cover (absence is not a judgement).")
	default:
		name := shown
		if loc.Registrable != loc.Host {
			name = shown + " (and its domain " + displayHost(loc.Registrable) + ")"
		}
		r.Basis[FieldSourceScore] = NotAssessed("Not assessed: " + name +
			" is not in the Lin et al. 2023 ratings (absence is not a judgement; coverage of Turkish outlets is thin).")
	}
	return nil
}
