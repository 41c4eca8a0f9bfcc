package docs

import (
	"strings"
	"unicode"
)

// The OpenAPI document's descriptions are CommonMark. /docs renders the subset the document uses —
// headings, paragraphs, lists, fenced code, pipe tables, and inline code, strong, emphasis and
// links — into typed blocks that templ escapes like any other text, so no description can inject
// markup into the page.

// Block kinds.
const (
	// BlockParagraph is a paragraph of inlines.
	BlockParagraph = "p"
	// BlockHeading is a heading; Level is its markdown level.
	BlockHeading = "h"
	// BlockList is a bulleted (or, with Ordered, numbered) list.
	BlockList = "list"
	// BlockCode is a fenced code block.
	BlockCode = "code"
	// BlockTable is a pipe table.
	BlockTable = "table"
)

// Block is one block of rendered markdown.
type Block struct {
	// Kind is one of the Block* constants.
	Kind string
	// Level is a heading's level (3 for ###).
	Level int
	// ID is a heading's anchor.
	ID string
	// Inlines are a paragraph's or heading's content.
	Inlines []Inline
	// Ordered marks a numbered list; Items are its entries.
	Ordered bool
	Items   [][]Inline
	// Lang and Code are a code block's info string and text.
	Lang, Code string
	// Head and Rows are a table's header and body cells.
	Head []([]Inline)
	Rows [][]([]Inline)
}

// Inline kinds.
const (
	// InlineText is plain text.
	InlineText = "text"
	// InlineCode is a code span.
	InlineCode = "code"
	// InlineStrong is strong emphasis.
	InlineStrong = "strong"
	// InlineEm is emphasis.
	InlineEm = "em"
	// InlineLink is a link; Href is its target (only relative, fragment and http(s) targets).
	InlineLink = "link"
)

// Inline is one span of text.
type Inline struct {
	// Kind is one of the Inline* constants; Text is the span's text; Href a link's target.
	Kind, Text, Href string
	// Code marks a link whose label is a code span ([`GET /x`](#x)).
	Code bool
}

// Section is a part of a description that starts with a level-2 heading.
type Section struct {
	// ID is the section's anchor; Title its heading text.
	ID, Title string
	// Blocks are its content, the heading excluded.
	Blocks []Block
}

// Sections splits markdown at its level-2 headings: what comes before the first one, then one
// section per heading. Anchors are the slug of the title prefixed by prefix.
func Sections(md, prefix string) (intro []Block, sections []Section) {
	var cur *Section
	var buf []string
	flush := func() {
		blocks := Markdown(strings.Join(buf, "\n"), "")
		if cur == nil {
			intro = blocks
		} else {
			cur.Blocks = blocks
			for i := range cur.Blocks {
				if cur.Blocks[i].Kind == BlockHeading {
					cur.Blocks[i].ID = cur.ID + "-" + Slug(plain(cur.Blocks[i].Inlines))
				}
			}
			sections = append(sections, *cur)
		}
		buf = nil
	}
	inFence := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
		}
		if !inFence && strings.HasPrefix(line, "## ") {
			flush()
			title := strings.TrimSpace(line[3:])
			cur = &Section{ID: prefix + Slug(title), Title: title}
			continue
		}
		buf = append(buf, line)
	}
	flush()
	return intro, sections
}

// Markdown parses a description into blocks; heading anchors are prefix + the slug of the heading.
func Markdown(md, prefix string) []Block {
	lines := strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n")
	var out []Block
	var para []string
	endPara := func() {
		if len(para) > 0 {
			out = append(out, Block{Kind: BlockParagraph, Inlines: Inlines(strings.Join(para, " "))})
			para = nil
		}
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trim := strings.TrimSpace(line)
		switch {
		case trim == "":
			endPara()
		case strings.HasPrefix(trim, "```"):
			endPara()
			lang := strings.TrimSpace(strings.TrimPrefix(trim, "```"))
			indent := len(line) - len(strings.TrimLeft(line, " "))
			var code []string
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
				l := lines[i]
				if len(l)-len(strings.TrimLeft(l, " ")) >= indent {
					l = l[indent:]
				}
				code = append(code, l)
			}
			out = append(out, Block{Kind: BlockCode, Lang: lang, Code: strings.Join(code, "\n")})
		case headingLevel(trim) > 0:
			endPara()
			lvl := headingLevel(trim)
			text := strings.TrimSpace(trim[lvl+1:])
			b := Block{Kind: BlockHeading, Level: lvl, Inlines: Inlines(text)}
			if prefix != "" {
				b.ID = prefix + Slug(text)
			}
			out = append(out, b)
		case listMarker(trim) != "":
			endPara()
			ordered := listMarker(trim) == "1."
			var items [][]Inline
			var item []string
			for ; i < len(lines); i++ {
				t := strings.TrimSpace(lines[i])
				if t == "" {
					break
				}
				if m := listMarker(t); m != "" {
					if len(item) > 0 {
						items = append(items, Inlines(strings.Join(item, " ")))
					}
					item = []string{strings.TrimSpace(t[len(m):])}
					continue
				}
				item = append(item, t)
			}
			if len(item) > 0 {
				items = append(items, Inlines(strings.Join(item, " ")))
			}
			out = append(out, Block{Kind: BlockList, Ordered: ordered, Items: items})
		case strings.HasPrefix(trim, "|") && i+1 < len(lines) && isTableRule(lines[i+1]):
			endPara()
			b := Block{Kind: BlockTable, Head: cells(trim)}
			for i += 2; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
				b.Rows = append(b.Rows, cells(strings.TrimSpace(lines[i])))
			}
			i--
			out = append(out, b)
		default:
			para = append(para, trim)
		}
	}
	endPara()
	return out
}

// headingLevel is the level of an ATX heading line, or 0.
func headingLevel(s string) int {
	n := 0
	for n < len(s) && s[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || n >= len(s) || s[n] != ' ' {
		return 0
	}
	return n
}

// listMarker is the marker a list item line starts with ("- ", "* " or "1." for any number), or "".
func listMarker(s string) string {
	if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") {
		return s[:2]
	}
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n > 0 && n+1 < len(s) && s[n] == '.' && s[n+1] == ' ' {
		if n == 1 && s[0] == '1' {
			return "1."
		}
		return s[:n+1]
	}
	return ""
}

// isTableRule reports whether a line is a pipe table's delimiter row (|---|:--:|).
func isTableRule(s string) bool {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "|") {
		return false
	}
	return strings.Trim(s, "|-: ") == ""
}

// cells splits a table row into its cells' inlines; "\|" is a literal bar.
func cells(row string) [][]Inline {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	row = strings.TrimSuffix(row, "|")
	var out [][]Inline
	var cur strings.Builder
	for i := 0; i < len(row); i++ {
		switch {
		case row[i] == '\\' && i+1 < len(row) && row[i+1] == '|':
			cur.WriteByte('|')
			i++
		case row[i] == '|':
			out = append(out, Inlines(strings.TrimSpace(cur.String())))
			cur.Reset()
		default:
			cur.WriteByte(row[i])
		}
	}
	return append(out, Inlines(strings.TrimSpace(cur.String())))
}

// Inlines parses code spans, links, strong and emphasis in one line of text.
func Inlines(s string) []Inline {
	var out []Inline
	var text strings.Builder
	emit := func(in Inline) {
		if text.Len() > 0 {
			out = append(out, Inline{Kind: InlineText, Text: text.String()})
			text.Reset()
		}
		out = append(out, in)
	}
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\\' && i+1 < len(s) && strings.ContainsRune("\\`*_[]()#|<>", rune(s[i+1])):
			text.WriteByte(s[i+1])
			i += 2
			continue
		case s[i] == '`':
			n := 1
			for i+n < len(s) && s[i+n] == '`' {
				n++
			}
			fence := s[i : i+n]
			if end := strings.Index(s[i+n:], fence); end >= 0 {
				code := s[i+n : i+n+end]
				if len(code) > 1 && code[0] == ' ' && code[len(code)-1] == ' ' {
					code = code[1 : len(code)-1]
				}
				emit(Inline{Kind: InlineCode, Text: code})
				i += n + end + n
				continue
			}
		case strings.HasPrefix(s[i:], "**"):
			if end := strings.Index(s[i+2:], "**"); end > 0 {
				emit(Inline{Kind: InlineStrong, Text: s[i+2 : i+2+end]})
				i += 2 + end + 2
				continue
			}
		case s[i] == '*' || (s[i] == '_' && (i == 0 || !isWordByte(s[i-1]))):
			c := s[i]
			if end := strings.IndexByte(s[i+1:], c); end > 0 && s[i+1] != ' ' &&
				(c == '*' || i+1+end+1 >= len(s) || !isWordByte(s[i+1+end+1])) {
				emit(Inline{Kind: InlineEm, Text: s[i+1 : i+1+end]})
				i += 1 + end + 1
				continue
			}
		case s[i] == '[':
			if close := strings.Index(s[i:], "]("); close > 0 {
				if end := strings.IndexByte(s[i+close+2:], ')'); end >= 0 {
					label := s[i+1 : i+close]
					href := s[i+close+2 : i+close+2+end]
					code := len(label) > 2 && label[0] == '`' && label[len(label)-1] == '`' && !strings.Contains(label[1:len(label)-1], "`")
					if code {
						label = label[1 : len(label)-1]
					}
					switch {
					case safeHref(href):
						emit(Inline{Kind: InlineLink, Text: label, Href: href, Code: code})
					case code:
						emit(Inline{Kind: InlineCode, Text: label})
					default:
						emit(Inline{Kind: InlineText, Text: label})
					}
					i += close + 2 + end + 1
					continue
				}
			}
		}
		text.WriteByte(s[i])
		i++
	}
	if text.Len() > 0 {
		out = append(out, Inline{Kind: InlineText, Text: text.String()})
	}
	return out
}

// isWordByte reports whether b is part of a word (intraword underscores are not emphasis).
func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// safeHref accepts the link targets a reference needs: same-site paths, fragments and web URLs.
func safeHref(h string) bool {
	return strings.HasPrefix(h, "/") && !strings.HasPrefix(h, "//") || strings.HasPrefix(h, "#") ||
		strings.HasPrefix(h, "https://") || strings.HasPrefix(h, "http://")
}

// plain is the text of inlines without markup.
func plain(in []Inline) string {
	var b strings.Builder
	for _, x := range in {
		b.WriteString(x.Text)
	}
	return b.String()
}

// Plain is the text of inlines without markup, for titles and attributes.
func Plain(in []Inline) string { return plain(in) }

// Slug turns a title into an anchor: lower case ASCII letters and digits joined by hyphens.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	return b.String()
}
