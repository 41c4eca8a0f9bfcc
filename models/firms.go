package models

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
	"golang.org/x/text/unicode/norm"
	"gorm.io/gorm"
)

// Firm input limits; the admin console validates against the same numbers.
const (
	// MaxFirmName caps a firm's name, in characters.
	MaxFirmName = 200
	// MaxFirmSlug caps a slug, in characters.
	MaxFirmSlug = 60
	// MaxFirmDescription caps a description, in characters.
	MaxFirmDescription = 2000
	// MaxFirmWebsite caps the website address, in bytes.
	MaxFirmWebsite = 500
	// MaxFirmDomains caps how many domains one firm may own: each one widens the claim-linking scan.
	MaxFirmDomains = 50
	// maxDomainLen is the DNS limit on a name's length.
	maxDomainLen = 253
)

// ErrSlugTaken (declared with the plans in admin.go, shared because a slug clash means the same
// thing for both) is returned when another firm already has the slug.

// ErrDomainTaken is returned when a domain already belongs to another firm; the error carrying it
// is a *DomainTakenError that names the domain.
var ErrDomainTaken = errors.New("domain belongs to another firm")

// ErrInvalidFirm wraps every refusal of a firm's fields by the store; the console checks the same
// rules first and words them per field.
var ErrInvalidFirm = errors.New("invalid firm")

// DomainTakenError names the domain that another firm owns, so the console can say which line clashed.
type DomainTakenError struct {
	// Domain is the normalised domain; Firm is the owner's name ("" when unknown).
	Domain, Firm string
}

// Error words the clash for logs.
func (e *DomainTakenError) Error() string {
	if e.Firm == "" {
		return fmt.Sprintf("domain %s belongs to another firm", e.Domain)
	}
	return fmt.Sprintf("domain %s belongs to the firm %q", e.Domain, e.Firm)
}

// Unwrap makes errors.Is(err, ErrDomainTaken) hold.
func (e *DomainTakenError) Unwrap() error { return ErrDomainTaken }

// FirmWithDomains is a firm and the domains it owns, sorted.
type FirmWithDomains struct {
	Firm
	// Domains are normalised: lower-case ASCII, no "www." prefix.
	Domains []string
}

// FirmStore reads and changes firms, their domains and the claims linked to them.
type FirmStore struct {
	db    *database.DB
	rules Rules
}

// NewFirmStoreWith builds the firm store over db applying rules.
func NewFirmStore(db *database.DB, rules Rules) *FirmStore {
	return &FirmStore{db: db, rules: rules}
}

// DomainProblem names what is wrong with a typed domain, so pages can say it in their language.
type DomainProblem string

// The ways a typed domain can be wrong (DomainError.Kind).
const (
	// DomainEmpty is an empty entry.
	DomainEmpty DomainProblem = "empty"
	// DomainTooLong is an entry far too long to be a domain name.
	DomainTooLong DomainProblem = "too_long"
	// DomainNotADomain is an entry that does not parse as an address with a host.
	DomainNotADomain DomainProblem = "not_a_domain"
	// DomainIP is an address by IP.
	DomainIP DomainProblem = "ip"
	// DomainInvalid is a host that is not a valid domain name.
	DomainInvalid DomainProblem = "invalid"
	// DomainNoDot is a single-label host.
	DomainNoDot DomainProblem = "no_dot"
	// DomainLonger is a domain longer than Max characters.
	DomainLonger DomainProblem = "longer"
	// DomainPublicSuffix is a bare public suffix (co.uk).
	DomainPublicSuffix DomainProblem = "public_suffix"
)

// DomainError is NormalizeDomain's refusal: the kind, the entry as typed (shortened) and, for
// DomainLonger, the limit. Error is the English sentence.
type DomainError struct {
	// Kind is what is wrong.
	Kind DomainProblem
	// Input is the entry, shortened for a message (for DomainPublicSuffix, the suffix).
	Input string
	// Max is the length limit DomainLonger exceeds.
	Max int
}

// Error says what is wrong in English.
func (e *DomainError) Error() string {
	switch e.Kind {
	case DomainEmpty:
		return "the domain is empty"
	case DomainTooLong:
		return fmt.Sprintf("“%s…” is too long to be a domain name", e.Input)
	case DomainNotADomain:
		return fmt.Sprintf("“%s” is not a domain name; write it like example.com", e.Input)
	case DomainIP:
		return fmt.Sprintf("“%s” is an IP address; give the firm's domain name instead", e.Input)
	case DomainNoDot:
		return fmt.Sprintf("“%s” needs a dot, like example.com", e.Input)
	case DomainLonger:
		return fmt.Sprintf("“%s…” is longer than the %d characters a domain name may have", e.Input, e.Max)
	case DomainPublicSuffix:
		return fmt.Sprintf("“%s” is a public suffix shared by many owners; give the firm's own domain under it", e.Input)
	}
	return fmt.Sprintf("“%s” is not a valid domain name", e.Input)
}

// NormalizeDomain turns what an admin typed (a domain, or an address such as
// "https://www.Example.com:8443/news") into the form claims' source domains are stored in:
// lower-case ASCII (IDNA), no scheme, path or port, no leading "www.". Its error is a
// *DomainError. Addresses by IP and bare public suffixes (co.uk, github.io) are refused: a firm owning
// one would swallow every claim under it.
func NormalizeDomain(raw string) (string, error) {
	in := strings.TrimSpace(raw)
	if in == "" {
		return "", &DomainError{Kind: DomainEmpty}
	}
	if len(in) > 2*maxDomainLen {
		return "", &DomainError{Kind: DomainTooLong, Input: truncateRunes(in, 40)}
	}
	s := in
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil || u.Hostname() == "" {
		return "", &DomainError{Kind: DomainNotADomain, Input: truncateRunes(in, 60)}
	}
	host := strings.TrimSuffix(u.Hostname(), ".")
	if net.ParseIP(host) != nil {
		return "", &DomainError{Kind: DomainIP, Input: truncateRunes(in, 60)}
	}
	a, err := idna.Lookup.ToASCII(host)
	if err != nil {
		return "", &DomainError{Kind: DomainInvalid, Input: truncateRunes(in, 60)}
	}
	a = strings.TrimPrefix(strings.ToLower(a), "www.")
	if !strings.Contains(a, ".") {
		return "", &DomainError{Kind: DomainNoDot, Input: truncateRunes(in, 60)}
	}
	if len(a) > maxDomainLen {
		return "", &DomainError{Kind: DomainLonger, Input: truncateRunes(in, 40), Max: maxDomainLen}
	}
	for _, l := range strings.Split(a, ".") {
		if !validLabel(l) {
			return "", &DomainError{Kind: DomainInvalid, Input: truncateRunes(in, 60)}
		}
	}
	if ps, _ := publicsuffix.PublicSuffix(a); ps == a {
		return "", &DomainError{Kind: DomainPublicSuffix, Input: a}
	}
	return a, nil
}

// validLabel is the hostname rule for one ASCII label: 1–63 letters, digits and inner hyphens.
func validLabel(l string) bool {
	if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for i := 0; i < len(l); i++ {
		c := l[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// truncateRunes shortens s for an error message.
func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// NormalizeDomains normalises a firm's domain list, drops blanks and duplicates, and keeps the
// first-seen order. The first invalid entry is the error.
func NormalizeDomains(in []string) ([]string, error) {
	out := make([]string, 0, len(in))
	for _, raw := range in {
		if strings.TrimSpace(raw) == "" {
			continue
		}
		d, err := NormalizeDomain(raw)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	if len(out) > MaxFirmDomains {
		return nil, fmt.Errorf("a firm may own at most %d domains, not %d", MaxFirmDomains, len(out))
	}
	return out, nil
}

// ValidFirmSlug reports whether s is a usable slug: lower-case letters and digits in groups joined
// by single hyphens, at most MaxFirmSlug characters.
func ValidFirmSlug(s string) bool {
	if s == "" || len(s) > MaxFirmSlug {
		return false
	}
	for _, part := range strings.Split(s, "-") {
		if part == "" {
			return false
		}
		for i := 0; i < len(part); i++ {
			if c := part[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
				return false
			}
		}
	}
	return true
}

// slugFold spells out letters that Unicode decomposition leaves whole, and "&", before slugging.
var slugFold = strings.NewReplacer("ı", "i", "İ", "i", "ß", "ss", "æ", "ae", "Æ", "ae", "ø", "o", "Ø", "o",
	"œ", "oe", "Œ", "oe", "đ", "d", "Đ", "d", "ł", "l", "Ł", "l", "&", " and ")

// SuggestFirmSlug makes a slug from a firm's name: "Türkiye Gazetesi & Co." → "turkiye-gazetesi-and-co".
// It returns "" when the name has no letter or digit a slug can use.
func SuggestFirmSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFD.String(slugFold.Replace(name)) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			dash = true
		}
	}
	s := b.String()
	if len(s) > MaxFirmSlug {
		s = s[:MaxFirmSlug]
		if i := strings.LastIndexByte(s, '-'); i > MaxFirmSlug/2 {
			s = s[:i]
		}
		s = strings.Trim(s, "-")
	}
	return s
}

// checkFirm applies the field rules the console also checks, trimming in place. Whether the
// website is a web address is the writer's rule (the console's firm form checks it with
// validation.WebURL); what reads it back checks it again before linking to it.
func checkFirm(f *Firm) error {
	f.Name, f.Slug = strings.TrimSpace(f.Name), strings.TrimSpace(f.Slug)
	f.Description, f.Website = strings.TrimSpace(f.Description), strings.TrimSpace(f.Website)
	switch {
	case f.Name == "" || utf8.RuneCountInString(f.Name) > MaxFirmName:
		return fmt.Errorf("%w: the name must have 1–%d characters", ErrInvalidFirm, MaxFirmName)
	case !ValidFirmSlug(f.Slug):
		return fmt.Errorf("%w: slug %q must be lower-case letters and digits joined by single hyphens, at most %d characters", ErrInvalidFirm, f.Slug, MaxFirmSlug)
	case utf8.RuneCountInString(f.Description) > MaxFirmDescription:
		return fmt.Errorf("%w: the description is longer than %d characters", ErrInvalidFirm, MaxFirmDescription)
	case len(f.Website) > MaxFirmWebsite:
		return fmt.Errorf("%w: the website address is longer than %d bytes", ErrInvalidFirm, MaxFirmWebsite)
	}
	return nil
}

// isUUID tells whether s can be an id: PostgreSQL's uuid columns answer anything else with an error.
func isUUID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil && len(s) == 36
}

// BySlug returns the firm with slug and its domains, or ErrNotFound.
func (s *FirmStore) BySlug(ctx context.Context, slug string) (*FirmWithDomains, error) {
	if !ValidFirmSlug(slug) {
		return nil, ErrNotFound
	}
	return s.load(ctx, "slug = ?", slug)
}

// ByID returns the firm with id and its domains, or ErrNotFound.
func (s *FirmStore) ByID(ctx context.Context, id string) (*FirmWithDomains, error) {
	id = strings.ToLower(id)
	if !isUUID(id) {
		return nil, ErrNotFound
	}
	return s.load(ctx, "id = ?", id)
}

// load reads one firm by a condition, with its domains.
func (s *FirmStore) load(ctx context.Context, cond string, arg string) (*FirmWithDomains, error) {
	g := s.db.Gorm.WithContext(ctx)
	var f Firm
	err := g.Where(cond, arg).Take(&f).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("firm %s: %w", arg, err)
	}
	doms, err := firmDomains(g, f.ID)
	if err != nil {
		return nil, err
	}
	return &FirmWithDomains{Firm: f, Domains: doms}, nil
}

// firmDomains lists a firm's domains in alphabetical order.
func firmDomains(g *gorm.DB, firmID string) ([]string, error) {
	doms := []string{}
	if err := g.Model(&FirmDomain{}).Where("firm_id = ?", firmID).Order("domain").Pluck("domain", &doms).Error; err != nil {
		return nil, fmt.Errorf("domains of firm %s: %w", firmID, err)
	}
	return doms, nil
}

// History returns up to limit entries of the firm's trust history, newest first (limit 1–1000; 0 = 50).
func (s *FirmStore) History(ctx context.Context, firmID string, limit int) ([]FirmScore, error) {
	if limit <= 0 || limit > 1000 {
		limit = 50
	}
	hs := []FirmScore{}
	if !isUUID(firmID) {
		return hs, nil
	}
	if err := s.db.Gorm.WithContext(ctx).Where("firm_id = ?", firmID).Order("created_at DESC, id DESC").Limit(limit).Find(&hs).Error; err != nil {
		return nil, fmt.Errorf("trust history of firm %s: %w", firmID, err)
	}
	return hs, nil
}

// RecentClaims returns up to limit visible claims linked to the firm, newest first (limit 1–100; 0 = 20).
func (s *FirmStore) RecentClaims(ctx context.Context, firmID string, limit int) ([]Claim, error) {
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	cs := []Claim{}
	if !isUUID(firmID) {
		return cs, nil
	}
	if err := s.db.Gorm.WithContext(ctx).Where("firm_id = ? AND "+visible, firmID).Order("created_at DESC, id DESC").Limit(limit).Find(&cs).Error; err != nil {
		return nil, fmt.Errorf("claims of firm %s: %w", firmID, err)
	}
	return cs, nil
}

// RatedClaims counts the firm's visible claims that count towards its trust score (the n of the
// rule, internal/firms).
func (s *FirmStore) RatedClaims(ctx context.Context, firmID string) (int64, error) {
	if !isUUID(firmID) {
		return 0, nil
	}
	groups, err := trustGroups(s.db.Gorm.WithContext(ctx), firmID)
	if err != nil {
		return 0, fmt.Errorf("rated claims: %w", err)
	}
	var n int64
	for _, g := range groups {
		if s.rules.Trust.Counts(g) {
			n += int64(g.Claims)
		}
	}
	return n, nil
}

// Domains returns the domains of each of the firms, sorted, in one query (for lists).
func (s *FirmStore) Domains(ctx context.Context, firmIDs []string) (map[string][]string, error) {
	out := make(map[string][]string, len(firmIDs))
	ids := make([]string, 0, len(firmIDs))
	for _, id := range firmIDs {
		if isUUID(id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []FirmDomain
	if err := s.db.Gorm.WithContext(ctx).Where("firm_id IN ?", ids).Order("domain").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("domains of %d firms: %w", len(ids), err)
	}
	for _, r := range rows {
		out[r.FirmID] = append(out[r.FirmID], r.Domain)
	}
	return out, nil
}

// List returns a page of firms whose name, slug or one of whose domains contains query
// (case-insensitively; all firms when query is empty), ordered by name, and how many match in all.
// limit is 1–100 (0 = 20).
func (s *FirmStore) List(ctx context.Context, query string, limit, offset int) ([]Firm, int64, error) {
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	q := s.db.Gorm.WithContext(ctx).Model(&Firm{})
	if t := strings.TrimSpace(query); t != "" {
		like := "%" + escapeLike(database.SearchFold(t)) + "%"
		q = q.Where(database.SearchFoldSQL(s.db.Dialect, "name")+` LIKE ? ESCAPE '\' OR slug LIKE ? ESCAPE '\'`+
			` OR id IN (SELECT firm_id FROM firm_domains WHERE domain LIKE ? ESCAPE '\')`, like, like, like)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count firms: %w", err)
	}
	fs := []Firm{}
	// Folded like the search, so "İSTANBUL" sorts with the i's on both dialects.
	if err := q.Order(database.SearchFoldSQL(s.db.Dialect, "name") + ", name, id").Limit(limit).Offset(max(offset, 0)).Find(&fs).Error; err != nil {
		return nil, 0, fmt.Errorf("list firms: %w", err)
	}
	return fs, total, nil
}

// Create stores a new firm with its domains and, in the same transaction, links the claims whose
// source domain falls under them and computes its trust score. f.ID is set when empty; f's trust
// score and claim count are filled from the result. ErrSlugTaken, ErrDomainTaken or ErrInvalidFirm
// refuse it.
func (s *FirmStore) Create(ctx context.Context, f *Firm, domains []string) error {
	if err := checkFirm(f); err != nil {
		return err
	}
	doms, err := NormalizeDomains(domains)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidFirm, err)
	}
	if f.ID == "" {
		f.ID = uuid.Must(uuid.NewV7()).String()
	}
	if f.CreatedAt.IsZero() {
		f.CreatedAt = time.Now()
	}
	if f.UpdatedAt.IsZero() {
		f.UpdatedAt = f.CreatedAt
	}
	f.CreatedAt, f.UpdatedAt = dbTime(f.CreatedAt), dbTime(f.UpdatedAt)
	f.TrustScore, f.ClaimCount = nil, 0
	return s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := checkFree(tx, f.ID, f.Slug, doms); err != nil {
			return err
		}
		if err := tx.Create(f).Error; err != nil {
			if isUniqueViolation(err) {
				return fmt.Errorf("firm slug %s: %w", f.Slug, ErrSlugTaken)
			}
			return fmt.Errorf("create firm %s: %w", f.Slug, err)
		}
		if err := addDomains(tx, f.ID, doms); err != nil {
			return err
		}
		if err := relinkByDomain(tx, s.rules.Trust, f.ID, doms, f.UpdatedAt); err != nil {
			return err
		}
		return refreshTrust(tx, f)
	})
}

// Update saves f's name, slug, description and website and replaces its domains with domains, in
// one transaction: claims under an added domain are linked by domain, claims linked through a
// removed domain are unlinked (or move to a firm owning a parent domain), claims an admin linked
// are left alone, and every firm whose claims changed gets its trust score recomputed. f's trust
// score, claim count and creation time are filled from the result.
func (s *FirmStore) Update(ctx context.Context, f *Firm, domains []string) error {
	if err := checkFirm(f); err != nil {
		return err
	}
	f.ID = strings.ToLower(f.ID)
	if !isUUID(f.ID) {
		return ErrNotFound
	}
	doms, err := NormalizeDomains(domains)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidFirm, err)
	}
	if f.UpdatedAt.IsZero() {
		f.UpdatedAt = time.Now()
	}
	f.UpdatedAt = dbTime(f.UpdatedAt)
	return s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cur Firm
		err := tx.Where("id = ?", f.ID).Take(&cur).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("firm %s: %w", f.ID, err)
		}
		if err := checkFree(tx, f.ID, f.Slug, doms); err != nil {
			return err
		}
		err = tx.Model(&Firm{}).Where("id = ?", f.ID).Updates(map[string]any{
			"slug": f.Slug, "name": f.Name, "description": f.Description, "website": f.Website, "updated_at": f.UpdatedAt,
		}).Error
		if err != nil {
			if isUniqueViolation(err) {
				return fmt.Errorf("firm slug %s: %w", f.Slug, ErrSlugTaken)
			}
			return fmt.Errorf("update firm %s: %w", f.ID, err)
		}
		old, err := firmDomains(tx, f.ID)
		if err != nil {
			return err
		}
		var added, removed []string
		for _, d := range doms {
			if !slices.Contains(old, d) {
				added = append(added, d)
			}
		}
		for _, d := range old {
			if !slices.Contains(doms, d) {
				removed = append(removed, d)
			}
		}
		if len(removed) > 0 {
			if err := tx.Where("firm_id = ? AND domain IN ?", f.ID, removed).Delete(&FirmDomain{}).Error; err != nil {
				return fmt.Errorf("remove domains of firm %s: %w", f.ID, err)
			}
		}
		if err := addDomains(tx, f.ID, added); err != nil {
			return err
		}
		if err := relinkByDomain(tx, s.rules.Trust, f.ID, append(added, removed...), f.UpdatedAt); err != nil {
			return err
		}
		f.CreatedAt = cur.CreatedAt
		return refreshTrust(tx, f)
	})
}

// Delete removes the firm, its domains and its trust history in one transaction. Its claims lose
// their link (SQLite has no foreign key on claims.firm_id to do it); claims linked through one of
// its domains move to a firm owning a parent domain when there is one.
func (s *FirmStore) Delete(ctx context.Context, id string) error {
	id = strings.ToLower(id)
	if !isUUID(id) {
		return ErrNotFound
	}
	now := dbTime(time.Now())
	return s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		doms, err := firmDomains(tx, id)
		if err != nil {
			return err
		}
		if err := tx.Exec("UPDATE claims SET firm_id = NULL, firm_source = NULL WHERE firm_id = ?", id).Error; err != nil {
			return fmt.Errorf("unlink claims of firm %s: %w", id, err)
		}
		res := tx.Where("id = ?", id).Delete(&Firm{})
		if res.Error != nil {
			return fmt.Errorf("delete firm %s: %w", id, res.Error)
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		// The cascade removes the domains on both dialects; saying so keeps SQLite right even if a
		// connection ever ran without foreign keys.
		if err := tx.Where("firm_id = ?", id).Delete(&FirmDomain{}).Error; err != nil {
			return fmt.Errorf("delete domains of firm %s: %w", id, err)
		}
		return relinkByDomain(tx, s.rules.Trust, "", doms, now)
	})
}

// SetClaimFirm links a claim to a firm by an admin's choice (firm_source 'admin', which domain
// linking never overrides), or unlinks it when firmID is nil. The trust scores of the old and the
// new firm are recomputed in the same transaction. ErrNotFound names a missing claim or firm.
func (s *FirmStore) SetClaimFirm(ctx context.Context, claimID string, firmID *string) error {
	claimID = strings.ToLower(claimID)
	if !isUUID(claimID) {
		return fmt.Errorf("claim %s: %w", claimID, ErrNotFound)
	}
	var to *string
	if firmID != nil {
		id := strings.ToLower(*firmID)
		if !isUUID(id) {
			return fmt.Errorf("firm %s: %w", id, ErrNotFound)
		}
		to = &id
	}
	now := dbTime(time.Now())
	return s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var c Claim
		err := tx.Select("id", "firm_id", "firm_source").Where("id = ?", claimID).Take(&c).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return fmt.Errorf("claim %s: %w", claimID, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("claim %s: %w", claimID, err)
		}
		var src *string
		if to != nil {
			var n int64
			if err := tx.Model(&Firm{}).Where("id = ?", *to).Count(&n).Error; err != nil {
				return fmt.Errorf("firm %s: %w", *to, err)
			}
			if n == 0 {
				return fmt.Errorf("firm %s: %w", *to, ErrNotFound)
			}
			admin := "admin"
			src = &admin
		}
		if err := tx.Model(&Claim{}).Where("id = ?", claimID).
			Updates(map[string]any{"firm_id": to, "firm_source": src}).Error; err != nil {
			return fmt.Errorf("link claim %s: %w", claimID, err)
		}
		var ids []string
		if c.FirmID != nil {
			ids = append(ids, *c.FirmID)
		}
		if to != nil && (c.FirmID == nil || *c.FirmID != *to) {
			ids = append(ids, *to)
		}
		return recomputeAll(tx, s.rules.Trust, ids, now)
	})
}

// ErrNoFirm is returned when an attribution is confirmed for a claim that is not linked to the
// firm named.
var ErrNoFirm = errors.New("the claim is not linked to that firm")

// ConfirmAttribution records that byUserID (an admin or an expert; the caller checks the role)
// confirmed that the firm firmID published the claim, and recomputes the firm's trust score, in
// one transaction. The claim must be visible and linked to firmID (else ErrNotFound or ErrNoFirm),
// so a confirmation given on a stale page cannot land on a firm the claim has since moved to.
// Confirming again keeps the first confirmation. It returns the claim as stored afterwards.
func (s *FirmStore) ConfirmAttribution(ctx context.Context, claimID, firmID, byUserID string, now time.Time) (*Claim, error) {
	claimID, firmID = strings.ToLower(claimID), strings.ToLower(firmID)
	if !isUUID(claimID) {
		return nil, fmt.Errorf("claim %s: %w", claimID, ErrNotFound)
	}
	if !isUUID(firmID) {
		return nil, fmt.Errorf("claim %s: %w", claimID, ErrNoFirm)
	}
	if !isUUID(byUserID) {
		return nil, fmt.Errorf("confirm attribution of claim %s: no confirming user", claimID)
	}
	var c Claim
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("id = ? AND "+visible, claimID).Take(&c).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return fmt.Errorf("claim %s: %w", claimID, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("claim %s: %w", claimID, err)
		}
		if c.FirmID == nil || *c.FirmID != firmID {
			return fmt.Errorf("claim %s: %w", claimID, ErrNoFirm)
		}
		if c.AttributionConfirmed() {
			return nil
		}
		at := dbTime(now)
		c.FirmConfirmedFor, c.FirmConfirmedBy, c.FirmConfirmedAt = &firmID, &byUserID, &at
		if err := tx.Model(&Claim{}).Where("id = ?", claimID).Updates(map[string]any{
			"firm_confirmed_for": firmID, "firm_confirmed_by": byUserID, "firm_confirmed_at": at,
		}).Error; err != nil {
			return fmt.Errorf("confirm attribution of claim %s: %w", claimID, err)
		}
		return RecomputeFirmTrust(tx, s.rules.Trust, firmID, now)
	})
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// FirmConflicts is what other firms already hold of the slug and domains a firm is saved with.
type FirmConflicts struct {
	// SlugTaken is true when another firm has the slug.
	SlugTaken bool
	// Domains lists each domain another firm owns, with that firm's name, sorted by domain.
	Domains []DomainTakenError
}

// Any reports whether there is a conflict at all.
func (c FirmConflicts) Any() bool { return c.SlugTaken || len(c.Domains) > 0 }

// Conflicts reports every clash of slug and doms with firms other than id ("" for a firm not yet
// stored), so the console can name them all in one answer together with its format errors. An
// empty slug or list is not checked. Create and Update check again, and the unique constraints
// still decide a race between two saves.
func (s *FirmStore) Conflicts(ctx context.Context, id, slug string, doms []string) (FirmConflicts, error) {
	return conflicts(s.db.Gorm.WithContext(ctx), strings.ToLower(id), slug, doms)
}

// conflicts finds the clashes of slug and doms with firms other than id ("" = every firm).
func conflicts(tx *gorm.DB, id, slug string, doms []string) (FirmConflicts, error) {
	var out FirmConflicts
	if id != "" && !isUUID(id) {
		// PostgreSQL refuses a non-uuid in a uuid comparison; such an id names no stored firm.
		id = ""
	}
	others := func(q *gorm.DB, col string) *gorm.DB {
		if id == "" {
			return q
		}
		return q.Where(col+" <> ?", id)
	}
	if slug != "" {
		var n int64
		if err := others(tx.Model(&Firm{}).Where("slug = ?", slug), "id").Count(&n).Error; err != nil {
			return out, fmt.Errorf("check firm slug %s: %w", slug, err)
		}
		out.SlugTaken = n > 0
	}
	if len(doms) == 0 {
		return out, nil
	}
	var rows []struct {
		Domain string
		Name   string
	}
	q := tx.Table("firm_domains").Select("firm_domains.domain AS domain, firms.name AS name").
		Joins("JOIN firms ON firms.id = firm_domains.firm_id").Where("firm_domains.domain IN ?", doms)
	if err := others(q, "firm_domains.firm_id").Order("firm_domains.domain").Scan(&rows).Error; err != nil {
		return out, fmt.Errorf("check firm domains: %w", err)
	}
	for _, r := range rows {
		out.Domains = append(out.Domains, DomainTakenError{Domain: r.Domain, Firm: r.Name})
	}
	return out, nil
}

// checkFree refuses a slug or domain that another firm than id already has, naming the domain.
func checkFree(tx *gorm.DB, id, slug string, doms []string) error {
	c, err := conflicts(tx, id, slug, doms)
	switch {
	case err != nil:
		return err
	case c.SlugTaken:
		return fmt.Errorf("firm slug %s: %w", slug, ErrSlugTaken)
	case len(c.Domains) > 0:
		return &c.Domains[0]
	}
	return nil
}

// addDomains gives the firm doms; a concurrent claim on the same domain ends as ErrDomainTaken.
func addDomains(tx *gorm.DB, firmID string, doms []string) error {
	for _, d := range doms {
		if err := tx.Create(&FirmDomain{Domain: d, FirmID: firmID}).Error; err != nil {
			if isUniqueViolation(err) {
				return &DomainTakenError{Domain: d}
			}
			return fmt.Errorf("add domain %s to firm %s: %w", d, firmID, err)
		}
	}
	return nil
}

// bestOwnerSQL picks, for the claim row being updated, the firm owning the longest domain its source
// domain equals or is a subdomain of: the same rule linkFirmByDomain applies to new claims.
const bestOwnerSQL = `FROM firm_domains fd WHERE claims.source_domain = fd.domain OR claims.source_domain LIKE ('%.' || fd.domain)`

// relinkByDomain re-decides the domain link of every claim under one of the changed domains that an
// admin has not linked by hand, against the domains as they are now in tx, and recomputes the trust
// of every firm that gained or lost a claim, and of firmID ("" = none) in any case. Hidden claims are
// linked too, so a claim shown again is already with its firm; trust and lists skip them.
func relinkByDomain(tx *gorm.DB, rule TrustRule, firmID string, changed []string, now time.Time) error {
	affected := []string{}
	if firmID != "" {
		affected = append(affected, firmID)
	}
	if len(changed) > 0 {
		conds := []string{"source_domain IN ?"}
		args := []any{changed}
		for _, d := range changed {
			conds = append(conds, `source_domain LIKE ? ESCAPE '\'`)
			args = append(args, "%."+escapeLike(d))
		}
		where := "(firm_source IS NULL OR firm_source = 'domain') AND (" + strings.Join(conds, " OR ") + ")"
		owners := func() ([]string, error) {
			var ids []string
			err := tx.Model(&Claim{}).Where(where, args...).Where("firm_id IS NOT NULL").Distinct("firm_id").Pluck("firm_id", &ids).Error
			return ids, err
		}
		before, err := owners()
		if err != nil {
			return fmt.Errorf("firms of claims under %v: %w", changed, err)
		}
		q := `UPDATE claims SET firm_id = (SELECT fd.firm_id ` + bestOwnerSQL + ` ORDER BY length(fd.domain) DESC LIMIT 1),
	firm_source = CASE WHEN EXISTS (SELECT 1 ` + bestOwnerSQL + `) THEN 'domain' ELSE NULL END
WHERE ` + where
		if err := tx.Exec(q, args...).Error; err != nil {
			return fmt.Errorf("link claims under %v: %w", changed, err)
		}
		after, err := owners()
		if err != nil {
			return fmt.Errorf("firms of claims under %v: %w", changed, err)
		}
		affected = append(affected, before...)
		affected = append(affected, after...)
	}
	return recomputeAll(tx, rule, affected, now)
}

// recomputeAll recomputes the trust of each distinct firm in ids, in a fixed order so concurrent
// transactions touching the same firms lock them in the same order.
func recomputeAll(tx *gorm.DB, rule TrustRule, ids []string, now time.Time) error {
	slices.Sort(ids)
	for _, id := range slices.Compact(ids) {
		if err := RecomputeFirmTrust(tx, rule, id, now); err != nil {
			return err
		}
	}
	return nil
}

// refreshTrust copies the stored trust score and claim count back into f after a change.
func refreshTrust(tx *gorm.DB, f *Firm) error {
	var cur Firm
	if err := tx.Select("trust_score", "claim_count").Where("id = ?", f.ID).Take(&cur).Error; err != nil {
		return fmt.Errorf("firm %s: %w", f.ID, err)
	}
	f.TrustScore, f.ClaimCount = cur.TrustScore, cur.ClaimCount
	return nil
}
