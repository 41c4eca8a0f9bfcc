package postgrest

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// This file is a small port of Haskell's Parsec (parsec-3.1, the version PostgREST is built
// with). PostgREST's PGRST100 messages are Parsec error renderings ("(line 1, column 3)",
// "unexpected \"q\" expecting ..."), and their exact text depends on Parsec's consumed/empty
// bookkeeping and error merging. Porting those semantics, rather than imitating the output of a
// hand-written parser, is what lets the grammar in grammar.go read like PostgREST's QueryParams.hs
// and produce byte-identical errors.

// srcPos is Parsec's SourcePos without the name (every parse here has exactly one name).
type srcPos struct{ line, col int }

func (p srcPos) cmp(q srcPos) int {
	switch {
	case p.line != q.line:
		if p.line < q.line {
			return -1
		}
		return 1
	case p.col != q.col:
		if p.col < q.col {
			return -1
		}
		return 1
	}
	return 0
}

// nextPos is Parsec's updatePosChar: tabs advance to the next multiple of 8.
func nextPos(p srcPos, c rune) srcPos {
	switch c {
	case '\n':
		return srcPos{p.line + 1, 1}
	case '\t':
		return srcPos{p.line, p.col + 8 - ((p.col - 1) % 8)}
	}
	return srcPos{p.line, p.col + 1}
}

// msgKind orders messages the way Parsec's derived Ord on Message constructors does.
type msgKind uint8

const (
	msgSysUnExpect msgKind = iota
	msgUnExpect
	msgExpect
	msgMessage
)

// pmsg is one Parsec message. Messages naming an input character keep the rune and are
// rendered with Haskell's show only if the error is ever reported: most errors are merged and
// discarded on the way to a successful parse.
type pmsg struct {
	kind msgKind
	text string
	char rune
	show uint8 // showText, showAsString ("\"x\"") or showAsChar ('x')
}

const (
	showText uint8 = iota
	showAsString
	showAsChar
)

func (m pmsg) String() string {
	switch m.show {
	case showAsString:
		return hsShowString(string(m.char))
	case showAsChar:
		return hsShowChar(m.char)
	}
	return m.text
}

// msgList is an immutable message list: merging and relabelling errors is O(1), and the list is
// flattened only when an error is rendered.
type msgList struct {
	one  pmsg
	leaf bool     // just one
	set  bool     // one, then a's messages of other kinds (Parsec's setErrorMessage)
	a, b *msgList // concatenation when neither leaf nor set
}

func msgLeaf(m pmsg) *msgList { return &msgList{one: m, leaf: true} }

func msgConcat(x, y *msgList) *msgList {
	switch {
	case x == nil:
		return y
	case y == nil:
		return x
	}
	return &msgList{a: x, b: y}
}

func (l *msgList) flatten(out []pmsg) []pmsg {
	switch {
	case l == nil:
		return out
	case l.leaf:
		return append(out, l.one)
	case l.set:
		out = append(out, l.one)
		for _, m := range l.a.flatten(nil) {
			if m.kind != l.one.kind {
				out = append(out, m)
			}
		}
		return out
	}
	return l.b.flatten(l.a.flatten(out))
}

// perr is Parsec's ParseError; an empty message list is an "unknown" error.
type perr struct {
	pos  srcPos
	msgs *msgList
}

func (e perr) unknown() bool { return e.msgs == nil }

func mergeErr(e1, e2 perr) perr {
	if e2.msgs == nil && e1.msgs != nil {
		return e1
	}
	if e1.msgs == nil && e2.msgs != nil {
		return e2
	}
	switch e1.pos.cmp(e2.pos) {
	case 0:
		return perr{e1.pos, msgConcat(e1.msgs, e2.msgs)}
	case 1:
		return e1
	}
	return e2
}

// setMsg is Parsec's setErrorMessage: message equality compares constructors only, so it
// replaces every message of the same kind.
func setMsg(e perr, m *msgList) perr {
	return perr{e.pos, &msgList{one: m.one, set: true, a: e.msgs}}
}

var (
	sysEOF = msgLeaf(pmsg{kind: msgSysUnExpect})
)

// asciiUnexpected shares the "unexpected <char>" message of ASCII characters: failed character
// matches are by far the most frequent errors.
var asciiUnexpected = func() (t [128]*msgList) {
	for c := range t {
		t[c] = msgLeaf(pmsg{kind: msgSysUnExpect, char: rune(c), show: showAsString})
	}
	return t
}()

func sysUnexpectedChar(c rune) *msgList {
	if c >= 0 && c < 128 {
		return asciiUnexpected[c]
	}
	return msgLeaf(pmsg{kind: msgSysUnExpect, char: c, show: showAsString})
}

type pstate struct {
	in  []rune
	off int
	pos srcPos
}

// reply folds Parsec's four continuations (consumed/empty × ok/error) into one value.
type reply[T any] struct {
	val      T
	st       pstate
	err      perr
	consumed bool
	ok       bool
}

type parser[T any] func(pstate) reply[T]

type unit struct{}

func pReturn[T any](v T) parser[T] {
	return func(s pstate) reply[T] {
		return reply[T]{val: v, st: s, err: perr{pos: s.pos}, ok: true}
	}
}

// pBind is Parsec's parserBind, including how errors of an empty continuation merge with the
// error carried by the first parser.
func pBind[A, B any](p parser[A], k func(A) parser[B]) parser[B] {
	return func(s pstate) reply[B] {
		r := p(s)
		if !r.ok {
			return reply[B]{st: r.st, err: r.err, consumed: r.consumed}
		}
		r2 := k(r.val)(r.st)
		if r.consumed {
			if r.err.unknown() || r2.consumed {
				r2.consumed = true
				return r2
			}
			r2.err = mergeErr(r.err, r2.err)
			r2.consumed = true
			return r2
		}
		if r.err.unknown() || r2.consumed {
			return r2
		}
		r2.err = mergeErr(r.err, r2.err)
		return r2
	}
}

func pMap[A, B any](p parser[A], f func(A) B) parser[B] {
	return func(s pstate) reply[B] {
		r := p(s)
		out := reply[B]{st: r.st, err: r.err, consumed: r.consumed, ok: r.ok}
		if r.ok {
			out.val = f(r.val)
		}
		return out
	}
}

// pThen is `p *> q`.
func pThen[A, B any](p parser[A], q parser[B]) parser[B] {
	return pBind(p, func(A) parser[B] { return q })
}

// pSkip is `p <* q`, i.e. do { x <- p; void q; return x }.
func pSkip[A, B any](p parser[A], q parser[B]) parser[A] {
	return pBind(p, func(x A) parser[A] {
		return pBind(q, func(B) parser[A] { return pReturn(x) })
	})
}

// pConst is `p $> v`.
func pConst[A, B any](p parser[A], v B) parser[B] {
	return pMap(p, func(A) B { return v })
}

func pVoid[A any](p parser[A]) parser[unit] { return pConst(p, unit{}) }

// pAlt is Parsec's <|>: the second branch runs only if the first failed without consuming, and
// errors merge only while neither branch consumed.
func pAlt[T any](ps ...parser[T]) parser[T] {
	alt2 := func(m, n parser[T]) parser[T] {
		return func(s pstate) reply[T] {
			r := m(s)
			if r.ok || r.consumed {
				return r
			}
			r2 := n(s)
			if r2.consumed {
				return r2
			}
			r2.err = mergeErr(r.err, r2.err)
			return r2
		}
	}
	p := ps[0]
	for _, n := range ps[1:] {
		p = alt2(p, n)
	}
	return p
}

func pTry[T any](p parser[T]) parser[T] {
	return func(s pstate) reply[T] {
		r := p(s)
		if !r.ok {
			r.consumed = false
		}
		return r
	}
}

// pLabel is Parsec's <?>.
func pLabel[T any](p parser[T], label string) parser[T] {
	m := msgLeaf(pmsg{kind: msgExpect, text: label})
	return func(s pstate) reply[T] {
		r := p(s)
		if !r.consumed && (!r.ok || !r.err.unknown()) {
			r.err = setMsg(r.err, m)
		}
		return r
	}
}

func pSatisfy(f func(rune) bool) parser[rune] {
	return func(s pstate) reply[rune] {
		if s.off >= len(s.in) {
			return reply[rune]{st: s, err: perr{s.pos, sysEOF}}
		}
		c := s.in[s.off]
		if !f(c) {
			return reply[rune]{st: s, err: perr{s.pos, sysUnexpectedChar(c)}}
		}
		ns := pstate{s.in, s.off + 1, nextPos(s.pos, c)}
		return reply[rune]{val: c, st: ns, err: perr{pos: ns.pos}, consumed: true, ok: true}
	}
}

func pChar(c rune) parser[rune] {
	return pLabel(pSatisfy(func(x rune) bool { return x == c }), hsShowString(string(c)))
}

func pOneOf(cs string) parser[rune] {
	return pSatisfy(func(x rune) bool { return strings.ContainsRune(cs, x) })
}

func pNoneOf(cs string) parser[rune] {
	return pSatisfy(func(x rune) bool { return !strings.ContainsRune(cs, x) })
}

var (
	pAnyChar = pSatisfy(func(rune) bool { return true })
	pDigit   = pLabel(pSatisfy(func(c rune) bool { return c >= '0' && c <= '9' }), "digit")
)

// pString is Parsec's `string`: its errors sit at the start position, name the first
// mismatching character, and count as consumed once any character matched.
func pString(str string) parser[string] {
	want := []rune(str)
	expect := msgLeaf(pmsg{kind: msgExpect, text: hsShowString(str)})
	atEOF := msgConcat(expect, sysEOF)
	var ascii [128]*msgList
	for c := range ascii {
		ascii[c] = msgConcat(expect, asciiUnexpected[c])
	}
	return func(s pstate) reply[string] {
		for i, w := range want {
			if s.off+i >= len(s.in) {
				return reply[string]{st: s, err: perr{s.pos, atEOF}, consumed: i > 0}
			}
			if c := s.in[s.off+i]; c != w {
				m := msgConcat(expect, sysUnexpectedChar(c))
				if c < 128 {
					m = ascii[c]
				}
				return reply[string]{st: s, err: perr{s.pos, m}, consumed: i > 0}
			}
		}
		pos := s.pos
		for _, c := range want {
			pos = nextPos(pos, c)
		}
		ns := pstate{s.in, s.off + len(want), pos}
		return reply[string]{val: str, st: ns, err: perr{pos: pos}, consumed: len(want) > 0, ok: true}
	}
}

func pMany[T any](p parser[T]) parser[[]T] {
	return func(s pstate) reply[[]T] {
		var xs []T
		consumed := false
		cur := s
		for {
			r := p(cur)
			if r.ok && r.consumed {
				xs = append(xs, r.val)
				cur = r.st
				consumed = true
				continue
			}
			if !r.ok && r.consumed {
				return reply[[]T]{st: r.st, err: r.err, consumed: true}
			}
			// An empty failure ends the loop. (An empty success would loop forever; Parsec
			// raises a runtime error there, and no parser in this grammar can produce one.)
			return reply[[]T]{val: xs, st: cur, err: r.err, consumed: consumed, ok: true}
		}
	}
}

func pMany1[T any](p parser[T]) parser[[]T] {
	return pBind(p, func(x T) parser[[]T] {
		return pMap(pMany(p), func(xs []T) []T { return append([]T{x}, xs...) })
	})
}

func pSepBy1[T, S any](p parser[T], sep parser[S]) parser[[]T] {
	return pBind(p, func(x T) parser[[]T] {
		return pMap(pMany(pThen(sep, p)), func(xs []T) []T { return append([]T{x}, xs...) })
	})
}

func pSepBy[T, S any](p parser[T], sep parser[S]) parser[[]T] {
	return pAlt(pSepBy1(p, sep), pReturn[[]T](nil))
}

func pBetween[O, C, T any](open parser[O], close parser[C], p parser[T]) parser[T] {
	return pThen(open, pSkip(p, close))
}

func pOptionMaybe[T any](p parser[T]) parser[*T] {
	return pAlt(pMap(p, func(v T) *T { return &v }), pReturn[*T](nil))
}

func pOption[T any](def T, p parser[T]) parser[T] {
	return pAlt(p, pReturn(def))
}

func pLookAhead[T any](p parser[T]) parser[T] {
	return func(s pstate) reply[T] {
		r := p(s)
		if r.ok {
			return reply[T]{val: r.val, st: s, err: perr{pos: s.pos}, ok: true}
		}
		return r
	}
}

// pUnexpectedChar is `unexpected (show c)`.
func pUnexpectedChar[T any](c rune) parser[T] {
	return func(s pstate) reply[T] {
		return reply[T]{st: s, err: perr{s.pos, msgLeaf(pmsg{kind: msgUnExpect, char: c, show: showAsChar})}}
	}
}

// pZero is mzero/empty: an error that carries no message.
func pZero[T any]() parser[T] {
	return func(s pstate) reply[T] { return reply[T]{st: s, err: perr{pos: s.pos}} }
}

// pAnyToken consumes without moving the position, exactly like Parsec's anyToken.
var pAnyToken parser[rune] = func(s pstate) reply[rune] {
	if s.off >= len(s.in) {
		return reply[rune]{st: s, err: perr{s.pos, sysEOF}}
	}
	ns := pstate{s.in, s.off + 1, s.pos}
	return reply[rune]{val: s.in[s.off], st: ns, err: perr{pos: s.pos}, consumed: true, ok: true}
}

func pNotFollowedBy(p parser[rune]) parser[unit] {
	return pTry(pAlt(
		pBind(pTry(p), func(c rune) parser[unit] { return pUnexpectedChar[unit](c) }),
		pReturn(unit{}),
	))
}

var pEOF = pLabel(pNotFollowedBy(pAnyToken), "end of input")

// parseError is a rendered Parsec failure in PostgREST's QPError shape.
type parseError struct {
	message string
	details string
}

// runParser is Parsec's `parse p name input`: like Parsec, it does not require the whole input
// to be consumed. The name is built only when parsing fails.
func runParser[T any](p parser[T], name func() string, input string) (T, *parseError) {
	r := p(pstate{in: []rune(input), pos: srcPos{1, 1}})
	if r.ok {
		return r.val, nil
	}
	var zero T
	return zero, &parseError{
		message: "\"" + name() + "\" (line " + strconv.Itoa(r.err.pos.line) + ", column " + strconv.Itoa(r.err.pos.col) + ")",
		details: hsStrip(strings.ReplaceAll(showErrorMessages(r.err.msgs.flatten(nil)), "\n", " ")),
	}
}

// showErrorMessages is Parsec's renderer with PostgREST's arguments ("or", "unknown parse
// error", "expecting", "unexpected", "end of input").
func showErrorMessages(msgs []pmsg) string {
	if len(msgs) == 0 {
		return "unknown parse error"
	}
	sorted := append([]pmsg(nil), msgs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].kind < sorted[j].kind })
	var sys, un, exp, other []string
	for _, m := range sorted {
		switch m.kind {
		case msgSysUnExpect:
			sys = append(sys, m.String())
		case msgUnExpect:
			un = append(un, m.String())
		case msgExpect:
			exp = append(exp, m.String())
		default:
			other = append(other, m.String())
		}
	}
	showSys := ""
	if len(un) == 0 && len(sys) > 0 {
		if sys[0] == "" {
			showSys = "unexpected end of input"
		} else {
			showSys = "unexpected " + sys[0]
		}
	}
	lines := clean([]string{showSys, showMany("unexpected", un), showMany("expecting", exp), showMany("", other)})
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("\n")
		b.WriteString(l)
	}
	return b.String()
}

func showMany(pre string, ms []string) string {
	ms = clean(ms)
	if len(ms) == 0 {
		return ""
	}
	if pre == "" {
		return commasOr(ms)
	}
	return pre + " " + commasOr(ms)
}

func commasOr(ms []string) string {
	switch len(ms) {
	case 0:
		return ""
	case 1:
		return ms[0]
	}
	return strings.Join(clean(ms[:len(ms)-1]), ", ") + " or " + ms[len(ms)-1]
}

// clean is Haskell's nub . filter (not . null).
func clean(ms []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range ms {
		if m == "" || seen[m] {
			continue
		}
		seen[m] = true
		out = append(out, m)
	}
	return out
}

// hsIsSpace is Haskell's Data.Char.isSpace.
func hsIsSpace(c rune) bool {
	switch {
	case c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0:
		return true
	case c > 0xff:
		return unicode.Is(unicode.Zs, c)
	}
	return false
}

// hsStrip is Data.Text.strip.
func hsStrip(s string) string { return strings.TrimFunc(s, hsIsSpace) }

var asciiNames = [...]string{"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
	"DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US"}

// hsShowLitChar is GHC's showLitChar; next is the following character (or -1), which decides
// whether a numeric escape needs the "\&" separator.
func hsShowLitChar(c, next rune) string {
	switch {
	case c > 127:
		s := "\\" + strconv.Itoa(int(c))
		if next >= '0' && next <= '9' {
			s += "\\&"
		}
		return s
	case c == 127:
		return "\\DEL"
	case c == '\\':
		return "\\\\"
	case c >= ' ':
		return string(c)
	}
	switch c {
	case '\a':
		return "\\a"
	case '\b':
		return "\\b"
	case '\f':
		return "\\f"
	case '\n':
		return "\\n"
	case '\r':
		return "\\r"
	case '\t':
		return "\\t"
	case '\v':
		return "\\v"
	case 14:
		if next == 'H' {
			return "\\SO\\&"
		}
		return "\\SO"
	}
	return "\\" + asciiNames[c]
}

// hsShowString is `show :: String -> String`.
func hsShowString(s string) string {
	rs := []rune(s)
	var b strings.Builder
	b.WriteByte('"')
	for i, c := range rs {
		if c == '"' {
			b.WriteString("\\\"")
			continue
		}
		next := rune(-1)
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		b.WriteString(hsShowLitChar(c, next))
	}
	b.WriteByte('"')
	return b.String()
}

// hsShowChar is `show :: Char -> String`.
func hsShowChar(c rune) string {
	if c == '\'' {
		return "'\\''"
	}
	return "'" + hsShowLitChar(c, -1) + "'"
}
