package knowledge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/models"
)

// Limits on one document. They bound memory and time for an upload or a CLI import; a bigger
// feed is split into several files.
const (
	// MaxReviewsPerDocument is the most ClaimReviews one document may hold (skipped ones count).
	MaxReviewsPerDocument = 200_000
	// MaxClaimRunes is the longest claim text accepted, the same 5,000 characters the claim
	// endpoints accept: a longer "claim" is an article, which the matcher cannot compare.
	MaxClaimRunes = 5000
	// MaxDocumentBytes bounds one document: 200,000 reviews of ~600 bytes, with room to spare.
	MaxDocumentBytes = 128 << 20
	// maxBodyRunes caps the stored explanation; some sites put the whole article in reviewBody,
	// and the claim page shows a summary, not the article.
	maxBodyRunes = 10000
	// maxURLBytes rejects URLs no browser or server would accept.
	maxURLBytes = 2048
	// maxDepth bounds nesting, since the walker recurses once per level.
	maxDepth = 64
)

// Skip is one review that was not imported, and why.
type Skip struct {
	// URL is the review URL as written (may be empty: that is often the reason).
	URL string
	// Claim is the claim text as written, for the import summary.
	Claim string
	// Reason says why, in words a user can act on (English, as the command line and logs show it).
	Reason string
	// Key is the message id (under admin.kb.skip) pages say Reason with in their language; ""
	// for a reason that quotes the rating vocabulary's own words, which pages show as it is.
	Key string
	// Data fills the message's template.
	Data map[string]any
}

// Citation is one source a review cites, stored in models.Review.Citations as a JSON array.
type Citation struct {
	// Name is the source's title ("" when only a URL was given).
	Name string `json:"name"`
	// URL links to the source ("" when only a title was given).
	URL string `json:"url"`
}

// containerKeys hold lists of items rather than properties of the object they sit in; the parser
// streams them one item at a time so a 100,000-review feed is never held as one generic tree.
var containerKeys = map[string]bool{
	"@graph":                 true, // JSON-LD graph
	"itemListElement":        true, // schema.org ItemList
	"dataFeedElement":        true, // DataCommons / schema.org DataFeed
	"item":                   true, // ListItem and DataFeedItem
	"claims":                 true, // Google Fact Check Tools claims:search
	"claimReviewMarkupPages": true, // Google Fact Check Tools pages:list
}

// ParseDocument reads the ClaimReviews in one document: ClaimReview JSON-LD (a single object, an
// array, an @graph, an ItemList, nested or expanded; also as JSON Lines or inside the
// application/ld+json scripts of an HTML page), a DataCommons fact-check feed, or a Google Fact
// Check Tools claims:search or pages:list response. It touches no database: each review has
// its verdict mapped by MapRating, its language from inLanguage / languageCode ("und" when not
// given) and an empty ID and Source for the importer to fill. Reviews that cannot be used are
// returned as skips; an unreadable document is an error and yields nothing.
func ParseDocument(data []byte) ([]models.Review, []Skip, error) {
	return ParseDocumentWith(data, nil)
}

// ParseDocumentWith is ParseDocument with a rating vocabulary (nil: BuiltinRatings).
func ParseDocumentWith(data []byte, ratings *Ratings) ([]models.Review, []Skip, error) {
	if ratings == nil {
		ratings = BuiltinRatings()
	}
	p := &parser{seen: map[string]string{}, ratings: ratings}
	if err := p.parse(data); err != nil {
		return nil, nil, err
	}
	return p.reviews, p.skips, nil
}

// parser collects reviews while walking one document.
type parser struct {
	// ratings maps textual and numeric ratings to verdicts.
	ratings *Ratings
	dec     *json.Decoder
	reviews []models.Review
	skips   []Skip
	// seen maps each review URL of this document to its claim, so a repeated URL is not imported
	// twice (the second would silently overwrite the first in the store).
	seen map[string]string
	// count is the number of reviews met, skipped ones included (the per-document limit).
	count int
	// items counts the elements of every list streamed, and listy records that there was a list
	// (a top-level array or a container key), so an empty feed can be told from a JSON document
	// that is no feed at all.
	items        int
	listy        bool
	emptyObjects int
	// named and refs resolve {"@id": …} references to publishers and claimants.
	named map[string]namedNode
	refs  []pendingRef
}

// pendingRef is a review whose publisher or claimant is a reference still to resolve.
type pendingRef struct {
	index               int
	publisher, claimant string
}

// parse walks the whole document: JSON, JSON Lines (one document per line, as feeds are often
// dumped) or concatenated JSON documents, or HTML whose application/ld+json scripts hold the markup (a saved fact-check page, or
// the 2019 DataCommons dump with one script tag per line).
func (p *parser) parse(data []byte) error {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a BOM from Windows editors
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return errors.New("empty document")
	}
	if len(data) > MaxDocumentBytes {
		return fmt.Errorf("document is %d MiB, over the %d MiB limit; split it", len(data)>>20, MaxDocumentBytes>>20)
	}
	switch {
	case trimmed[0] == '<':
		blocks := ldJSONScripts(data)
		if len(blocks) == 0 {
			return errors.New("an HTML document without any <script type=\"application/ld+json\"> block")
		}
		// Check every block before reading any, so a broken page imports nothing.
		for _, b := range blocks {
			if !json.Valid(b.data) {
				return fmt.Errorf("JSON-LD script at line %d: %w", b.line, jsonError(b.data, syntaxErr(b.data)))
			}
		}
		for _, b := range blocks {
			if err := p.parseJSON(b.data); err != nil {
				return fmt.Errorf("JSON-LD script at line %d: %w", b.line, err)
			}
		}
	case json.Valid(data):
		if err := p.parseJSON(data); err != nil {
			return err
		}
	default:
		lines, ok := jsonLines(data)
		if !ok {
			// Validated before anything is read, so a broken file imports nothing rather than its first half.
			return jsonError(data, syntaxErr(data))
		}
		for _, l := range lines {
			if err := p.parseJSON(l.data); err != nil {
				return fmt.Errorf("document at line %d: %w", l.line, err)
			}
		}
	}
	p.resolveRefs()
	switch {
	case p.count > 0, p.listy && p.items == 0, p.emptyObjects > 0 && p.items == 0:
		return nil // reviews, or an empty feed ({} is what claims:search answers when nothing matched)
	case p.items > 0:
		return fmt.Errorf("no ClaimReview among the document's %d items: expected ClaimReview JSON-LD (object, array, @graph or ItemList), a DataCommons feed or a Google Fact Check Tools response", p.items)
	}
	return errors.New("no ClaimReview found: expected ClaimReview JSON-LD (object, array, @graph or ItemList), a DataCommons feed ({\"dataFeedElement\": …}) or a Google Fact Check Tools response ({\"claims\": …})")
}

// syntaxErr returns the decoding error of invalid JSON, for its offset.
func syntaxErr(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	return errors.New("invalid JSON")
}

// parseJSON walks one valid JSON value.
func (p *parser) parseJSON(data []byte) error {
	p.dec = json.NewDecoder(bytes.NewReader(data))
	p.dec.UseNumber()
	tok, err := p.dec.Token()
	if err != nil {
		return jsonError(data, err)
	}
	switch tok {
	case json.Delim('['):
		p.listy = true
		return p.streamArray(1)
	case json.Delim('{'):
		if !p.dec.More() {
			p.emptyObjects++
		}
		return p.streamObject(1)
	}
	return fmt.Errorf("the document is a JSON %s, not an object or array of ClaimReviews", jsonKind(tok))
}

// block is one JSON text inside a bigger document, with the line it starts on.
type block struct {
	data []byte
	line int
}

// jsonLines splits a sequence of JSON values: JSON Lines, or documents simply concatenated. ok is
// false unless there are at least two values and all of them are valid (otherwise the file is
// just broken JSON, reported as such).
func jsonLines(data []byte) ([]block, bool) {
	var out []block
	dec := json.NewDecoder(bytes.NewReader(data))
	line, counted := 1, 0
	for {
		start := int(dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, false
		}
		value := data[start:dec.InputOffset()]
		lead := len(value) - len(bytes.TrimLeft(value, " \t\r\n"))
		line += bytes.Count(data[counted:start+lead], []byte("\n"))
		counted = start + lead
		out = append(out, block{data: bytes.TrimSpace(value), line: line})
	}
	return out, len(out) >= 2
}

// ldJSONScripts returns the contents of the <script type="application/ld+json"> elements of an
// HTML document.
func ldJSONScripts(data []byte) []block {
	lower := asciiLower(data) // byte for byte, so offsets in lower are offsets in data
	var out []block
	for off := 0; ; {
		i := bytes.Index(lower[off:], []byte("<script"))
		if i < 0 {
			return out
		}
		i += off
		end := bytes.IndexByte(lower[i:], '>')
		if end < 0 {
			return out
		}
		tag := lower[i : i+end]
		bodyStart := i + end + 1
		closing := bytes.Index(lower[bodyStart:], []byte("</script"))
		if closing < 0 {
			return out
		}
		off = bodyStart + closing
		if !bytes.Contains(tag, []byte("application/ld+json")) {
			continue
		}
		body := bytes.TrimSpace(data[bodyStart:off])
		body = bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimPrefix(body, []byte("<!--")), []byte("-->")))
		body = bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimPrefix(body, []byte("<![CDATA[")), []byte("]]>")))
		if len(body) > 0 {
			out = append(out, block{data: body, line: bytes.Count(data[:bodyStart], []byte("\n")) + 1})
		}
	}
}

// asciiLower lower-cases ASCII letters only, byte for byte.
func asciiLower(data []byte) []byte {
	out := make([]byte, len(data))
	for i, c := range data {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// jsonError turns a decoding error into one that says where, in lines and columns.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := lineCol(data, se.Offset)
		return fmt.Errorf("not valid JSON at line %d, column %d: %s", line, col, se.Error())
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errors.New("not valid JSON: the document ends too early")
	}
	return fmt.Errorf("not valid JSON: %w", err)
}

// lineCol converts a byte offset into a 1-based line and column.
func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:])
	if col == 0 {
		col = 1
	}
	return line, col
}

// jsonKind names a scalar token for an error message.
func jsonKind(tok json.Token) string {
	switch tok.(type) {
	case string:
		return "string"
	case json.Number, float64:
		return "number"
	case bool:
		return "boolean"
	case nil:
		return "null"
	}
	return "value"
}

// streamValue reads the next value, descending into arrays and objects.
func (p *parser) streamValue(depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("nested more than %d levels deep", maxDepth)
	}
	tok, err := p.dec.Token()
	if err != nil {
		return fmt.Errorf("read: %w", err)
	}
	switch tok {
	case json.Delim('['):
		return p.streamArray(depth + 1)
	case json.Delim('{'):
		return p.streamObject(depth + 1)
	}
	return nil // a scalar where items were expected carries no review
}

// streamArray reads array elements up to the closing bracket.
func (p *parser) streamArray(depth int) error {
	for p.dec.More() {
		p.items++
		if err := p.streamValue(depth); err != nil {
			return err
		}
	}
	_, err := p.dec.Token() // ']'
	return err
}

// streamObject reads one object: container keys are streamed item by item, every other property
// is decoded into the node, and the node is then examined.
func (p *parser) streamObject(depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("nested more than %d levels deep", maxDepth)
	}
	node := map[string]any{}
	for p.dec.More() {
		tok, err := p.dec.Token()
		if err != nil {
			return fmt.Errorf("read: %w", err)
		}
		key, _ := tok.(string)
		key = vocabTerm(key)
		if containerKeys[key] {
			if key != "item" {
				p.listy = true
			}
			if err := p.streamValue(depth); err != nil {
				return err
			}
			continue
		}
		var v any
		if err := p.dec.Decode(&v); err != nil {
			return fmt.Errorf("read %q: %w", key, err)
		}
		node[key] = normaliseKeys(v, depth)
	}
	if _, err := p.dec.Token(); err != nil { // '}'
		return fmt.Errorf("read: %w", err)
	}
	return p.node(node, depth)
}

// vocabTerm strips the schema.org namespace from a property or type name, so compact
// ("claimReviewed"), prefixed ("schema:claimReviewed") and expanded
// ("http://schema.org/claimReviewed") JSON-LD read alike.
func vocabTerm(s string) string {
	for _, pre := range []string{"http://schema.org/", "https://schema.org/", "http://www.schema.org/", "https://www.schema.org/", "schema:"} {
		if rest, ok := strings.CutPrefix(s, pre); ok {
			return rest
		}
	}
	return s
}

// normaliseKeys applies vocabTerm to every key of a decoded value.
func normaliseKeys(v any, depth int) any {
	if depth > maxDepth {
		return nil
	}
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[vocabTerm(k)] = normaliseKeys(x, depth+1)
		}
		return out
	case []any:
		for i := range t {
			t[i] = normaliseKeys(t[i], depth+1)
		}
	}
	return v
}

// node examines one object: a ClaimReview, a Google claim or markup page, or something that may
// hold them (a WebPage's mainEntity, a ListItem's item).
func (p *parser) node(m map[string]any, depth int) error {
	p.remember(m)
	switch {
	case isClaimReview(m):
		return p.claimReview(m)
	case m["claimReview"] != nil && (m["text"] != nil || m["claimant"] != nil || m["claimDate"] != nil):
		return p.googleClaim(m)
	case m["claimReviewMarkups"] != nil:
		return p.googleMarkupPage(m)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys) // a map has no order; keep imports reproducible
	for _, k := range keys {
		if err := p.descend(m[k], depth+1); err != nil {
			return err
		}
	}
	return nil
}

// descend looks for ClaimReviews inside an already decoded value.
func (p *parser) descend(v any, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("nested more than %d levels deep", maxDepth)
	}
	switch t := v.(type) {
	case map[string]any:
		return p.node(t, depth)
	case []any:
		for _, x := range t {
			if err := p.descend(x, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// isClaimReview accepts @type ClaimReview (string or array, any schema.org spelling), and untyped
// objects that carry claimReviewed, since hand-written feeds often omit @type.
func isClaimReview(m map[string]any) bool {
	if hasType(m, "ClaimReview") {
		return true
	}
	_, typed := m["@type"]
	return !typed && m["claimReviewed"] != nil
}

// hasType reports whether m's @type names t.
func hasType(m map[string]any, t string) bool {
	for _, x := range asList(m["@type"]) {
		if s, ok := x.(string); ok && vocabTerm(strings.TrimSpace(s)) == t {
			return true
		}
	}
	return false
}

// asList treats a single value as a one-element list, as JSON-LD allows either.
func asList(v any) []any {
	switch t := v.(type) {
	case nil:
		return nil
	case []any:
		return t
	}
	return []any{v}
}

// first is the first non-null element of a value that may be a list.
func first(v any) any {
	for _, x := range asList(v) {
		if x != nil {
			return x
		}
	}
	return nil
}

// str reads a text property: a string, a number, an {"@value": …} object, or the first of a list.
func str(v any) string {
	switch t := first(v).(type) {
	case string:
		return strings.TrimSpace(t)
	case json.Number:
		return t.String()
	case map[string]any:
		if x, ok := t["@value"]; ok {
			return str(x)
		}
	}
	return ""
}

// name reads the name of a thing given as text or as an object (Person, Organization, Language).
func name(v any) string { return firstText(v, "name", "@value", "legalName", "alternateName") }

// urlOf reads a URL given as a string, {"@id": …}, {"url": …} or the first of a list that has one.
func urlOf(v any) string { return firstText(v, "url", "@id", "@value", "sameAs") }

// firstText returns the first non-empty string among v's items: the item itself when it is text,
// else its first non-empty property among keys.
func firstText(v any, keys ...string) string {
	for _, x := range asList(v) {
		switch t := x.(type) {
		case string:
			if s := strings.TrimSpace(t); s != "" {
				return s
			}
		case map[string]any:
			for _, k := range keys {
				if s := str(t[k]); s != "" {
					return s
				}
			}
		}
	}
	return ""
}

// obj reads a property that should be an object (the first, if a list).
func obj(v any) map[string]any {
	m, _ := first(v).(map[string]any)
	return m
}

// number reads a numeric property written as a number or as text ("3", "3,5", "60%", "3/5").
func number(v any) (*float64, *float64, *float64) {
	switch t := first(v).(type) {
	case json.Number:
		if f, err := t.Float64(); err == nil {
			return &f, nil, nil
		}
	case string:
		if f, b, w, ok := parseRatingNumber(t); ok {
			return &f, b, w
		}
	case map[string]any:
		return number(t["@value"])
	}
	return nil, nil, nil
}

// validURL accepts absolute http(s) URLs with a host, and urn: names (the starter set and expert
// verdicts have no web page of their own).
func validURL(s string) bool {
	if s == "" || len(s) > maxURLBytes || strings.ContainsAny(s, " \t\r\n") {
		return false
	}
	if len(s) > 4 && strings.EqualFold(s[:4], "urn:") {
		return len(s) > 5
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// httpURL accepts only web addresses (for links shown on pages).
func httpURL(s string) bool { return validURL(s) && !strings.HasPrefix(strings.ToLower(s), "urn:") }

// dateLayouts are the date forms seen in ClaimReview markup and the Google API.
var dateLayouts = []string{
	time.RFC3339Nano, "2006-01-02T15:04:05Z0700", "2006-01-02T15:04:05", "2006-01-02T15:04",
	"2006-01-02 15:04:05Z07:00", "2006-01-02 15:04:05", "2006-01-02", "2006-01", "2006",
	time.RFC1123Z, time.RFC1123, "January 2, 2006", "2 January 2006", "02.01.2006",
}

// parseDate reads a date; an unreadable date is dropped rather than failing the review, since
// the date only decorates the claim page. Dates are stored in UTC at microsecond precision, the
// finest PostgreSQL keeps, so a re-import compares equal.
func parseDate(v any) *time.Time {
	s := str(v)
	if s == "" {
		return nil
	}
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			t = t.UTC().Truncate(time.Microsecond)
			if t.Year() < 1000 || t.Year() > 9999 {
				return nil
			}
			return &t
		}
	}
	return nil
}

// languageNames maps language names in English and Turkish (and their own names) to ISO 639-1,
// for feeds that write inLanguage as "Turkish" or {"name": "Türkçe"}.
var languageNames = map[string]string{
	"turkish": "tr", "turkce": "tr", "tur": "tr", "english": "en", "ingilizce": "en", "eng": "en",
	"german": "de", "deutsch": "de", "almanca": "de", "deu": "de", "ger": "de",
	"french": "fr", "francais": "fr", "fransizca": "fr", "fra": "fr", "fre": "fr",
	"spanish": "es", "espanol": "es", "ispanyolca": "es", "spa": "es",
	"portuguese": "pt", "portugues": "pt", "por": "pt", "italian": "it", "italiano": "it", "ita": "it",
	"arabic": "ar", "arapca": "ar", "ara": "ar", "russian": "ru", "rus": "ru", "dutch": "nl", "nld": "nl",
	"polish": "pl", "pol": "pl", "hindi": "hi", "hin": "hi", "kurdish": "ku", "kurtce": "ku", "kur": "ku",
	"azerbaijani": "az", "azerbaycanca": "az", "aze": "az", "persian": "fa", "farsi": "fa", "fas": "fa",
	"greek": "el", "ell": "el", "indonesian": "id", "ind": "id", "ukrainian": "uk", "ukr": "uk",
}

// language reads inLanguage / languageCode (a code such as "tr" or "tr-TR", a name, or a Language
// object) as a lower-case ISO 639-1 code; "" when absent or unreadable.
func language(v any) string {
	var cands []string
	for _, x := range asList(v) {
		switch t := x.(type) {
		case string:
			cands = append(cands, t)
		case map[string]any:
			for _, k := range []string{"alternateName", "@value", "name", "identifier"} {
				if s := str(t[k]); s != "" {
					cands = append(cands, s)
				}
			}
		}
	}
	for _, c := range cands {
		if code := languageCode(c); code != "" {
			return code
		}
	}
	return ""
}

// languageCode normalises one language tag or name.
func languageCode(s string) string {
	f := analysis.FoldTurkish(strings.TrimSpace(s))
	if code, ok := languageNames[f]; ok {
		return code
	}
	base, _, _ := strings.Cut(strings.ReplaceAll(f, "_", "-"), "-")
	if len(base) == 2 && base[0] >= 'a' && base[0] <= 'z' && base[1] >= 'a' && base[1] <= 'z' {
		return base
	}
	if code, ok := languageNames[base]; ok {
		return code
	}
	return ""
}

// categoryOf reads keywords (a comma-separated string, a list, or DefinedTerms) and returns the
// first that is one of the analysis category slugs or their English or Turkish labels; other
// keywords are the publisher's own tags and are not ours to file under.
func categoryOf(v any) *string {
	for _, x := range asList(v) {
		var words []string
		switch t := x.(type) {
		case string:
			words = strings.Split(t, ",")
		default:
			words = []string{name(t)}
		}
		for _, w := range words {
			f := analysis.FoldTurkish(strings.TrimSpace(w))
			for _, c := range analysis.Categories {
				if f == c.Slug || f == analysis.FoldTurkish(c.LabelEN) || f == analysis.FoldTurkish(c.LabelTR) {
					slug := c.Slug
					return &slug
				}
			}
		}
	}
	return nil
}

// rawReview is what one ClaimReview (of any shape) offers before validation.
type rawReview struct {
	url, claim, textual, body, publisher, publisherURL, claimant, lang string
	value, best, worst                                                 *float64
	published, claimDate                                               *time.Time
	appearances                                                        []string
	citations                                                          []Citation
	category                                                           *string
	// publisherRef and claimantRef are {"@id": …} references to nodes elsewhere in the graph
	// (how WordPress SEO plugins write author and publisher), resolved when the document ends.
	publisherRef, claimantRef string
}

// idRef returns the @id of a bare node reference ({"@id": …} with no name of its own).
func idRef(v any) string {
	m, ok := v.(map[string]any)
	if !ok || name(m) != "" {
		return ""
	}
	return str(m["@id"])
}

// namedNode is a graph node that a review may reference by @id.
type namedNode struct{ name, url string }

// remember records a named node with an @id, for references resolved at the end.
func (p *parser) remember(m map[string]any) {
	id := str(m["@id"])
	if id == "" || isClaimReview(m) {
		return
	}
	if n := name(m); n != "" {
		if p.named == nil {
			p.named = map[string]namedNode{}
		}
		if _, dup := p.named[id]; !dup && len(p.named) < MaxReviewsPerDocument {
			p.named[id] = namedNode{name: n, url: urlOf(m["url"])}
		}
	}
}

// resolveRefs fills publishers and claimants that were given as @id references, now that every
// node of the document has been seen (a reference may point forwards).
func (p *parser) resolveRefs() {
	for _, ref := range p.refs {
		r := &p.reviews[ref.index]
		if node, ok := p.named[ref.publisher]; ok && ref.publisher != "" {
			r.Publisher = clip(node.name, 500)
			r.PublisherURL = optional(httpOnly(node.url))
		}
		if node, ok := p.named[ref.claimant]; ok && ref.claimant != "" {
			r.Claimant = optional(clip(node.name, 500))
		}
	}
}

// claimReview reads a schema.org ClaimReview.
func (p *parser) claimReview(m map[string]any) error {
	r := rawReview{claim: str(m["claimReviewed"])}
	r.url = str(m["url"])
	if r.url == "" {
		if id := str(m["@id"]); validURL(id) {
			r.url = id
		}
	}
	item := obj(m["itemReviewed"])
	if r.claim == "" && item != nil {
		r.claim = str(item["name"])
		if r.claim == "" {
			r.claim = str(item["text"])
		}
	}
	var explanation string
	switch rr := first(m["reviewRating"]).(type) {
	case string:
		r.textual = strings.TrimSpace(rr)
	case map[string]any:
		r.textual = str(rr["alternateName"])
		if r.textual == "" {
			r.textual = str(rr["name"])
		}
		var vb, vw *float64
		r.value, vb, vw = number(rr["ratingValue"])
		r.best, _, _ = number(rr["bestRating"])
		r.worst, _, _ = number(rr["worstRating"])
		if r.best == nil {
			r.best = vb
		}
		if r.worst == nil {
			r.worst = vw
		}
		explanation = str(rr["ratingExplanation"])
	}
	for _, k := range []string{"reviewBody", "description"} {
		if r.body = str(m[k]); r.body != "" {
			break
		}
	}
	if r.body == "" {
		r.body = explanation
	}
	if r.body == "" {
		r.body = str(m["headline"])
	}
	if r.body == "" {
		r.body = str(m["name"])
	}
	for _, k := range []string{"author", "publisher", "creator"} {
		for _, a := range asList(m[k]) {
			if r.publisherRef == "" {
				r.publisherRef = idRef(a)
			}
			if n := name(a); n != "" {
				r.publisher = n
				if am, ok := a.(map[string]any); ok {
					r.publisherURL = urlOf(am["url"])
					if r.publisherURL == "" {
						r.publisherURL = urlOf(am["sameAs"])
					}
				}
				break
			}
		}
		if r.publisher != "" {
			break
		}
	}
	r.lang = language(m["inLanguage"])
	r.published = parseDate(m["datePublished"])
	if r.published == nil {
		r.published = parseDate(m["dateCreated"])
	}
	if item != nil {
		for _, a := range asList(item["author"]) {
			if r.claimantRef == "" {
				r.claimantRef = idRef(a)
			}
			if n := name(a); n != "" {
				r.claimant = n
				break
			}
		}
		r.claimDate = parseDate(item["datePublished"])
		if r.claimDate == nil {
			r.claimDate = parseDate(item["dateCreated"])
		}
		if r.lang == "" {
			r.lang = language(item["inLanguage"])
		}
		// Before 2019 the markup put the claim's appearance in itemReviewed.url itself.
		for _, k := range []string{"firstAppearance", "appearance", "url"} {
			for _, a := range asList(item[k]) {
				r.appearances = append(r.appearances, urlOf(a))
			}
		}
	}
	for _, c := range asList(m["citation"]) {
		switch t := c.(type) {
		case string:
			if s := strings.TrimSpace(t); validURL(s) {
				r.citations = append(r.citations, Citation{URL: s})
			} else if s != "" {
				r.citations = append(r.citations, Citation{Name: s})
			}
		case map[string]any:
			n := name(t)
			if n == "" {
				n = str(t["headline"])
			}
			r.citations = append(r.citations, Citation{Name: n, URL: urlOf(t)})
		}
	}
	r.category = categoryOf(m["keywords"])
	return p.add(r)
}

// googleClaim reads one claim of a Fact Check Tools claims:search response; each of its
// claimReview entries is a review (https://developers.google.com/fact-check/tools/api/reference/rest/v1alpha1/claims#Claim).
func (p *parser) googleClaim(m map[string]any) error {
	base := rawReview{claim: str(m["text"]), claimant: str(m["claimant"]), claimDate: parseDate(m["claimDate"])}
	for _, x := range asList(m["claimReview"]) {
		cr, ok := x.(map[string]any)
		if !ok {
			continue
		}
		r := base
		r.url = str(cr["url"])
		r.textual = str(cr["textualRating"])
		r.body = str(cr["title"])
		r.lang = languageCode(str(cr["languageCode"]))
		r.published = parseDate(cr["reviewDate"])
		if pub := obj(cr["publisher"]); pub != nil {
			r.publisher = str(pub["name"])
			site := str(pub["site"])
			if r.publisher == "" {
				r.publisher = site
			}
			if site != "" && !strings.Contains(site, "://") {
				site = "https://" + site
			}
			r.publisherURL = site
		}
		if err := p.add(r); err != nil {
			return err
		}
	}
	return nil
}

// googleMarkupPage reads one ClaimReviewMarkupPage of a Fact Check Tools pages:list response,
// the shape the Fact Check Markup Tool exports.
func (p *parser) googleMarkupPage(m map[string]any) error {
	pageURL := str(m["pageUrl"])
	author := obj(m["claimReviewAuthor"])
	published := parseDate(m["publishDate"])
	for _, x := range asList(m["claimReviewMarkups"]) {
		mk, ok := x.(map[string]any)
		if !ok {
			continue
		}
		r := rawReview{url: str(mk["url"]), claim: str(mk["claimReviewed"]), published: published,
			claimDate: parseDate(mk["claimDate"]), claimant: name(mk["claimAuthor"])}
		if r.url == "" {
			r.url = pageURL
		}
		if author != nil {
			r.publisher = str(author["name"])
		}
		if rt := obj(mk["rating"]); rt != nil {
			r.textual = str(rt["textualRating"])
			r.value, _, _ = number(rt["ratingValue"])
			r.best, _, _ = number(rt["bestRating"])
			r.worst, _, _ = number(rt["worstRating"])
			r.body = str(rt["ratingExplanation"])
		}
		if r.body == "" {
			r.body = str(m["name"])
		}
		for _, k := range []string{"claimFirstAppearance", "claimAppearances"} {
			for _, a := range asList(mk[k]) {
				r.appearances = append(r.appearances, urlOf(a))
			}
		}
		if err := p.add(r); err != nil {
			return err
		}
	}
	return nil
}

// add validates one review and keeps it, or records why not.
func (p *parser) add(r rawReview) error {
	p.count++
	if p.count > MaxReviewsPerDocument {
		return fmt.Errorf("more than %d reviews in one document; split it into several files", MaxReviewsPerDocument)
	}
	skip := func(reason, key string, kv ...any) error {
		p.skips = append(p.skips, Skip{URL: r.url, Claim: clip(r.claim, 200), Reason: reason, Key: key, Data: validation.Params(kv...)})
		return nil
	}
	switch n := utf8.RuneCountInString(r.claim); {
	case r.url == "":
		return skip("no review url", "no_url")
	case !validURL(r.url):
		return skip(fmt.Sprintf("review url '%s' is not an absolute http(s) URL or a urn:", clip(r.url, 200)), "bad_url", "URL", clip(r.url, 200))
	case r.claim == "":
		return skip("no claim text (claimReviewed)", "no_claim")
	case !utf8.ValidString(r.claim):
		return skip("claim text is not valid UTF-8", "claim_utf8")
	case n > MaxClaimRunes:
		return skip(fmt.Sprintf("claim text is %d characters, over the %d limit", n, MaxClaimRunes), "claim_long", "N", n, "Max", MaxClaimRunes)
	}
	if prev, dup := p.seen[r.url]; dup {
		if prev == r.claim {
			return skip("repeats an earlier review in this document", "repeat")
		}
		return skip("review url is already used by another claim in this document", "url_reused")
	}
	verdict, ok, reason := p.ratings.Map(r.textual, r.value, r.best, r.worst)
	if !ok {
		switch {
		case reason == noRatingReason:
			return skip(reason, "no_rating")
		case reason == fmt.Sprintf("rating '%s' %s", strings.TrimSpace(r.textual), unknownRatingWord):
			return skip(reason, "unknown_rating", "Rating", strings.TrimSpace(r.textual))
		}
		return skip(reason, "")
	}
	p.seen[r.url] = r.claim
	lang := r.lang
	if lang == "" {
		lang = "und"
	}
	publisher := r.publisher
	if publisher == "" {
		// A review without an author still came from somewhere; its site is the honest attribution.
		if u, err := url.Parse(r.url); err == nil {
			publisher = strings.TrimPrefix(u.Hostname(), "www.")
		}
	}
	rev := models.Review{
		URL:            r.url,
		ClaimReviewed:  r.claim,
		Language:       lang,
		TextualRating:  optional(clip(r.textual, 500)),
		RatingValue:    r.value,
		BestRating:     r.best,
		WorstRating:    r.worst,
		Verdict:        string(verdict),
		ReviewBody:     clip(r.body, maxBodyRunes),
		Publisher:      clip(publisher, 500),
		PublisherURL:   optional(httpOnly(r.publisherURL)),
		DatePublished:  r.published,
		ClaimDate:      r.claimDate,
		Claimant:       optional(clip(r.claimant, 500)),
		AppearanceURLs: appearancesJSON(r.appearances),
		Citations:      citationsJSON(r.citations),
		Category:       r.category,
	}
	if (r.publisher == "" && r.publisherRef != "") || (r.claimant == "" && r.claimantRef != "") {
		ref := pendingRef{index: len(p.reviews)}
		if r.publisher == "" {
			ref.publisher = r.publisherRef
		}
		if r.claimant == "" {
			ref.claimant = r.claimantRef
		}
		p.refs = append(p.refs, ref)
	}
	p.reviews = append(p.reviews, rev)
	return nil
}

// clip shortens s to at most n characters, marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	return strings.TrimSpace(string(rs[:n-1])) + "…"
}

// optional turns "" into a NULL column.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// httpOnly keeps s only if it is a web address.
func httpOnly(s string) string {
	if httpURL(s) {
		return s
	}
	return ""
}

// appearancesJSON encodes the distinct web addresses among urls, in order.
func appearancesJSON(urls []string) string {
	out := []string{}
	seen := map[string]bool{}
	for _, u := range urls {
		u = strings.TrimSpace(u)
		if httpURL(u) && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return marshalJSON(out)
}

// citationsJSON encodes the distinct citations, dropping empty ones and non-web URLs.
func citationsJSON(cs []Citation) string {
	out := []Citation{}
	seen := map[Citation]bool{}
	for _, c := range cs {
		c.Name = clip(strings.TrimSpace(c.Name), 500)
		c.URL = httpOnly(strings.TrimSpace(c.URL))
		if (c.Name == "" && c.URL == "") || seen[c] {
			continue
		}
		seen[c] = true
		out = append(out, c)
	}
	return marshalJSON(out)
}

// marshalJSON encodes v compactly without HTML escaping: the columns are read as JSON by the REST
// surface and by people, and "&" in a URL should stay "&".
func marshalJSON(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "[]"
	}
	return strings.TrimSuffix(b.String(), "\n")
}
