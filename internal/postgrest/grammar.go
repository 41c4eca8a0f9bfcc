package postgrest

import (
	"strings"
	"unicode"
)

// The parsers below follow PostgREST's src/PostgREST/ApiRequest/QueryParams.hs combinator for
// combinator (same alternatives, same try/label placement), so that what parses, what is
// silently ignored after a valid prefix, and the wording of every PGRST100 error match
// PostgREST. Resist "simplifying" them: the error messages depend on the exact structure.

type jsonOp struct {
	double bool // ->> rather than ->
	index  bool // array index (a number) rather than a key
	val    string
}

type field struct {
	name string
	path []jsonOp
}

type selectKind int

const (
	selField selectKind = iota
	selStar
	selCount // count() without a column
	selRelation
	selSpread
)

type selectItem struct {
	kind     selectKind
	field    field
	alias    *string
	cast     *string
	agg      string
	aggCast  *string
	relation string
	children []selectItem
}

type opKind int

const (
	opIn opKind = iota
	opIs
	opIsDistinct
	opFts
	opSimple // neq and the range/array operators: no quantifier
	opQuant  // eq, gt, like, ...: optional (any)/(all)
)

type opExpr struct {
	not   bool
	kind  opKind
	op    string // operator name as written: eq, neq, like, fts, ...
	quant string // "", "any" or "all"
	val   string
	list  []string
	isVal string // null, not_null, true, false, unknown
}

type filter struct {
	field field
	expr  opExpr
}

type logicTree struct {
	stmt     *filter
	not      bool
	op       string // "and" or "or"
	children []logicTree
}

type orderTerm struct {
	relation string // non-empty for rel(col) terms
	field    field
	dir      string // "", "asc", "desc"
	nulls    string // "", "nullsfirst", "nullslast"
}

func joinRunes(rs []rune) string { return string(rs) }

var (
	gWS        = pMany(pOneOf(" \t"))
	gDelimiter = pLabel(pChar('.'), "delimiter (.)")
	gComma     = pChar(',')
)

func lexeme[T any](p parser[T]) parser[T] { return pSkip(pThen(gWS, p), gWS) }

// gQuotedValue is pQuotedValue: double quotes, backslash escapes any character.
var gQuotedValue = pMap(
	pSkip(pThen(pChar('"'), pMany(pAlt(pNoneOf("\\\""), pThen(pChar('\\'), pAnyChar)))), pChar('"')),
	joinRunes)

// gIdentifierChar is `letter <|> digit <|> oneOf "_ $"` fused into one step: it reports the
// same merged error (expecting letter or digit, unexpected <char>) without running three
// parsers per character of every identifier.
var gIdentifierChar = func() parser[rune] {
	expect := msgConcat(msgLeaf(pmsg{kind: msgExpect, text: "letter"}), msgLeaf(pmsg{kind: msgExpect, text: "digit"}))
	atEOF := msgConcat(expect, sysEOF)
	var ascii [128]*msgList
	for c := range ascii {
		ascii[c] = msgConcat(expect, asciiUnexpected[c])
	}
	return func(s pstate) reply[rune] {
		if s.off >= len(s.in) {
			return reply[rune]{st: s, err: perr{s.pos, atEOF}}
		}
		c := s.in[s.off]
		if !unicode.IsLetter(c) && !(c >= '0' && c <= '9') && c != '_' && c != ' ' && c != '$' {
			m := msgConcat(expect, sysUnexpectedChar(c))
			if c < 128 {
				m = ascii[c]
			}
			return reply[rune]{st: s, err: perr{s.pos, m}}
		}
		ns := pstate{s.in, s.off + 1, nextPos(s.pos, c)}
		return reply[rune]{val: c, st: ns, err: perr{pos: ns.pos}, consumed: true, ok: true}
	}
}()

// gIdentifier is pIdentifier.
var gIdentifier = pMap(pMany1(gIdentifierChar), func(rs []rune) string { return hsStrip(string(rs)) })

// sepByDash joins identifier parts separated by dashes that do not start an arrow.
func sepByDash(ident parser[string]) parser[string] {
	dash := pConst(pTry(pThen(pChar('-'), pNotFollowedBy(pChar('>')))), '-')
	return pMap(pSepBy1(ident, dash), func(parts []string) string { return strings.Join(parts, "-") })
}

var gFieldName = pLabel(pAlt(gQuotedValue, sepByDash(gIdentifier)), "field name (* or [a..z0..9_$])")

var gJSONKeyName = pLabel(pAlt(gQuotedValue, sepByDash(pMap(pMany1(pNoneOf("(-:.,>)")), func(rs []rune) string { return hsStrip(string(rs)) }))),
	"any non reserved character different from: .,>()")

func lookAheadStr(s string) parser[unit] { return pTry(pVoid(pLookAhead(pString(s)))) }

var gJSONPath = func() parser[[]jsonOp] {
	arrow := pAlt(pTry(pConst(pString("->>"), true)), pTry(pConst(pString("->"), false)))
	end := pAlt(lookAheadStr("->"), lookAheadStr("::"), lookAheadStr("."), lookAheadStr(","), pTry(pEOF))
	digits := pMany1(pDigit)
	idx := pSkip(pBind(pOption('+', pChar('-')), func(sign rune) parser[string] {
		return pMap(digits, func(ds []rune) string { return string(sign) + string(ds) })
	}), end)
	operand := pAlt(
		pTry(pMap(idx, func(v string) jsonOp { return jsonOp{index: true, val: v} })),
		pTry(pMap(gJSONKeyName, func(v string) jsonOp { return jsonOp{val: v} })),
	)
	op := pBind(arrow, func(double bool) parser[jsonOp] {
		return pMap(operand, func(o jsonOp) jsonOp { o.double = double; return o })
	})
	return pMany(op)
}()

var gField = lexeme(pBind(gFieldName, func(name string) parser[field] {
	return pMap(pOption(nil, gJSONPath), func(jp []jsonOp) field { return field{name, jp} })
}))

var gAliasSeparator = pThen(pChar(':'), pNotFollowedBy(pChar(':')))

var gOptAlias = pOptionMaybe(pTry(pSkip(gFieldName, gAliasSeparator)))

// treePath is a parsed filter key: the embedding path and the field.
type treePath struct {
	embed []string
	field field
}

// gTreePath is pTreePath: the key of a filter, e.g. "rel.col->x".
var gTreePath = pBind(pSepBy1(gFieldName, gDelimiter), func(parts []string) parser[treePath] {
	return pMap(pOption(nil, gJSONPath), func(jp []jsonOp) treePath {
		return treePath{embed: parts[:len(parts)-1], field: field{parts[len(parts)-1], jp}}
	})
})

var gEmbedParams = func() parser[unit] {
	param := pThen(pChar('!'), pAlt(
		pTry(pVoid(pString("left"))),
		pTry(pVoid(pString("inner"))),
		pTry(pVoid(gFieldName)),
	))
	return pThen(pOptionMaybe(param), pVoid(pOptionMaybe(param)))
}()

// gEmbedTail is what follows an embedded resource's name: !hint/!inner and a lookahead "(".
var gEmbedTail = pThen(gEmbedParams, pTry(pVoid(pLookAhead(pString("(")))))

var gRelationSelect = lexeme(pBind(gOptAlias, func(*string) parser[selectItem] {
	return pBind(gFieldName, func(name string) parser[selectItem] {
		if name == "count" {
			return pZero[selectItem]()
		}
		return pConst(gEmbedTail, selectItem{kind: selRelation, relation: name})
	})
}))

var gSpreadRelationSelect = lexeme(pBind(pThen(pString("..."), gFieldName), func(name string) parser[selectItem] {
	return pConst(gEmbedTail, selectItem{kind: selSpread, relation: name})
}))

var gFieldSelect = func() parser[selectItem] {
	end := pAlt(lookAheadStr(")"), lookAheadStr(","), pTry(pEOF))
	castP := pOptionMaybe(pThen(pString("::"), gIdentifier))
	star := pTry(pThen(pString("*"), pThen(end, pReturn(selectItem{kind: selStar, field: field{name: "*"}}))))
	countCall := pThen(pString("count()"), pSkip(castP, end))
	count := pTry(pBind(gOptAlias, func(alias *string) parser[selectItem] {
		return pMap(countCall, func(aggCast *string) selectItem {
			return selectItem{kind: selCount, alias: alias, agg: "count", aggCast: aggCast}
		})
	}))
	aggregation := pAlt(
		pConst(pString("sum"), "sum"),
		pConst(pString("avg"), "avg"),
		pConst(pString("count"), "count"),
		pConst(pTry(pString("max")), "max"),
		pConst(pTry(pString("min")), "min"),
	)
	aggP := pOptionMaybe(pTry(pSkip(pThen(pChar('.'), aggregation), pString("()"))))
	aggTail := pSkip(castP, end)
	plain := pBind(gOptAlias, func(alias *string) parser[selectItem] {
		return pBind(gField, func(fld field) parser[selectItem] {
			return pBind(castP, func(cast *string) parser[selectItem] {
				return pBind(aggP, func(agg *string) parser[selectItem] {
					return pMap(aggTail, func(aggCast *string) selectItem {
						item := selectItem{kind: selField, field: fld, alias: alias, cast: cast, aggCast: aggCast}
						if agg != nil {
							item.agg = *agg
						}
						return item
					})
				})
			})
		})
	})
	return lexeme(pAlt(star, count, plain))
}()

// gFieldForest is pFieldForest; it recurses through embedded resources.
var gFieldForest parser[[]selectItem]

func init() {
	forest := func(s pstate) reply[[]selectItem] { return gFieldForest(s) }
	nested := pBetween(pChar('('), pChar(')'), parser[[]selectItem](forest))
	withChildren := func(p parser[selectItem]) parser[selectItem] {
		return pBind(pTry(p), func(it selectItem) parser[selectItem] {
			return pMap(nested, func(ch []selectItem) selectItem { it.children = ch; return it })
		})
	}
	tree := pAlt(withChildren(gSpreadRelationSelect), withChildren(gRelationSelect), gFieldSelect)
	gFieldForest = pSepBy(tree, lexeme(gComma))
}

func ciString(s string) parser[unit] {
	var p parser[unit] = pReturn(unit{})
	for _, c := range s {
		ch := pAlt(pChar(c), pChar(unicode.ToUpper(c)))
		p = pSkip(p, ch)
	}
	return p
}

var gSimpleOperator = pLabel(pAlt(
	pTry(pString("neq")), pTry(pString("cs")), pTry(pString("cd")), pTry(pString("ov")), pTry(pString("sl")),
	pTry(pString("sr")), pTry(pString("nxr")), pTry(pString("nxl")), pTry(pString("adj")),
), "unknown single value operator")

var gQuantOperator = pLabel(pAlt(
	pTry(pString("eq")), pTry(pString("gte")), pTry(pString("gt")), pTry(pString("lte")), pTry(pString("lt")),
	pTry(pString("like")), pTry(pString("ilike")), pTry(pString("match")), pTry(pString("imatch")),
), "unknown single value operator")

// gListVal is pListVal: "(a,b,"c,d")".
var gListVal = func() parser[[]string] {
	elem := pAlt(
		pTry(pSkip(gQuotedValue, pNotFollowedBy(pNoneOf(",)")))),
		pMap(pMany(pNoneOf(",)")), joinRunes),
	)
	return pSkip(pThen(lexeme(pChar('(')), pSepBy1(elem, gComma)), lexeme(pChar(')')))
}()

var gSingleVal = pMap(pMany(pAnyChar), joinRunes)

// gLogicSingleVal is pLogicSingleVal: values inside or=(...) stop at "," and ")" unless quoted
// or written as a {...} array literal.
var gLogicSingleVal = func() parser[string] {
	body := pSkip(pMany(pNoneOf("{}")), pString("}"))
	pgArray := pThen(pString("{"), pMap(body, func(b []rune) string { return "{" + string(b) + "}" }))
	return pAlt(
		pTry(pSkip(gQuotedValue, pNotFollowedBy(pNoneOf(",)")))),
		pTry(pgArray),
		pMap(pMany(pNoneOf(",)")), joinRunes),
	)
}()

// opExprParser is pOpExpr.
func opExprParser(sval parser[string]) parser[opExpr] {
	in := pMap(pThen(pTry(pThen(pString("in"), gDelimiter)), gListVal), func(l []string) opExpr {
		return opExpr{kind: opIn, op: "in", list: l}
	})
	isVal := pLabel(pAlt(
		pTry(pConst(ciString("null"), "null")),
		pTry(pConst(ciString("not_null"), "not_null")),
		pTry(pConst(ciString("true"), "true")),
		pTry(pConst(ciString("false"), "false")),
		pTry(pConst(ciString("unknown"), "unknown")),
	), "isVal: (null, not_null, true, false, unknown)")
	is := pMap(pThen(pTry(pThen(pString("is"), gDelimiter)), isVal), func(v string) opExpr {
		return opExpr{kind: opIs, op: "is", isVal: v}
	})
	isDist := pMap(pThen(pTry(pThen(pString("isdistinct"), gDelimiter)), sval), func(v string) opExpr {
		return opExpr{kind: opIsDistinct, op: "isdistinct", val: v}
	})
	delimVal := pThen(gDelimiter, sval)
	ftsTail := pThen(pOptionMaybe(pTry(pBetween(pChar('('), pChar(')'), gIdentifier))), delimVal)
	fts := pBind(pAlt(pTry(pString("fts")), pTry(pString("plfts")), pTry(pString("phfts")), pTry(pString("wfts"))), func(op string) parser[opExpr] {
		return pMap(ftsTail, func(v string) opExpr { return opExpr{kind: opFts, op: op, val: v} })
	})
	simple := pBind(gSimpleOperator, func(op string) parser[opExpr] {
		return pMap(delimVal, func(v string) opExpr { return opExpr{kind: opSimple, op: op, val: v} })
	})
	quantifier := pOptionMaybe(pTry(pBetween(pChar('('), pChar(')'),
		pAlt(pTry(pConst(pString("any"), "any")), pConst(pString("all"), "all")))))
	quant := pBind(gQuantOperator, func(op string) parser[opExpr] {
		return pBind(quantifier, func(q *string) parser[opExpr] {
			e := opExpr{kind: opQuant, op: op}
			if q != nil {
				e.quant = *q
			}
			return pMap(delimVal, func(v string) opExpr { e.val = v; return e })
		})
	})
	operation := pLabel(pAlt(in, is, isDist, pTry(fts), pTry(simple), pTry(quant)), "operator (eq, gt, ...)")
	not := pAlt(pTry(pConst(pThen(pString("not"), gDelimiter), true)), pReturn(false))
	return pBind(not, func(neg bool) parser[opExpr] {
		return pMap(operation, func(e opExpr) opExpr { e.not = neg; return e })
	})
}

var gFilterValue = opExprParser(gSingleVal)

// fastFilter reads the usual filter values the way gFilterValue does, without running the
// combinators (which cost tens of microseconds for one id and milliseconds for a 500-id list):
// [not.]op.value for the comparison and like operators without a quantifier, and
// [not.]in.(a,b,…) without double quotes (spaces and tabs skipped around the opening parenthesis,
// elements split at commas up to the first ')', the rest ignored, as the grammar does). ok is
// false for anything else, which gFilterValue reads.
func fastFilter(v string) (e opExpr, ok bool) {
	rest, neg := strings.CutPrefix(v, "not.")
	op, val, ok := strings.Cut(rest, ".")
	if !ok {
		return opExpr{}, false
	}
	switch op {
	case "eq", "gt", "gte", "lt", "lte", "like", "ilike":
		return opExpr{not: neg, kind: opQuant, op: op, val: val}, true
	case "neq":
		return opExpr{not: neg, kind: opSimple, op: op, val: val}, true
	case "in":
	default:
		return opExpr{}, false
	}
	if strings.IndexByte(val, '"') >= 0 {
		return opExpr{}, false
	}
	val, ok = strings.CutPrefix(strings.TrimLeft(val, " \t"), "(")
	if !ok {
		return opExpr{}, false
	}
	val = strings.TrimLeft(val, " \t")
	end := strings.IndexByte(val, ')')
	if end < 0 {
		return opExpr{}, false
	}
	return opExpr{not: neg, kind: opIn, op: "in", list: strings.Split(val[:end], ",")}, true
}

// gOrder is pOrder.
var gOrder = func() parser[[]orderTerm] {
	dir := pAlt(
		pTry(pThen(gDelimiter, pConst(pString("asc"), "asc"))),
		pTry(pThen(gDelimiter, pConst(pString("desc"), "desc"))),
	)
	nulls := pAlt(
		pTry(pThen(gDelimiter, pConst(pString("nullsfirst"), "nullsfirst"))),
		pTry(pThen(gDelimiter, pConst(pString("nullslast"), "nullslast"))),
	)
	end := pAlt(pTry(pVoid(pLookAhead(pChar(',')))), pTry(pEOF))
	optDir := pOptionMaybe(dir)
	nls := pAlt(pSkip(pOptionMaybe(nulls), end), pConst(end, (*string)(nil)))
	tail := func(t orderTerm) parser[orderTerm] {
		return pBind(optDir, func(d *string) parser[orderTerm] {
			if d != nil {
				t.dir = *d
			}
			return pMap(nls, func(n *string) orderTerm {
				if n != nil {
					t.nulls = *n
				}
				return t
			})
		})
	}
	term := pBind(gField, func(f field) parser[orderTerm] { return tail(orderTerm{field: f}) })
	relField := pBetween(pChar('('), pChar(')'), gField)
	relTerm := pBind(gFieldName, func(rel string) parser[orderTerm] {
		return pBind(relField, func(f field) parser[orderTerm] {
			return tail(orderTerm{relation: rel, field: f})
		})
	})
	return pSepBy1(lexeme(pAlt(pTry(relTerm), term)), gComma)
}()

// gLogicTree is pLogicTree; it recurses through and(...)/or(...).
var gLogicTree parser[logicTree]

func init() {
	self := parser[logicTree](func(s pstate) reply[logicTree] { return gLogicTree(s) })
	logicOpExpr := opExprParser(gLogicSingleVal)
	logicFilter := pBind(pSkip(gField, gDelimiter), func(f field) parser[filter] {
		return pMap(logicOpExpr, func(e opExpr) filter { return filter{f, e} })
	})
	not := pLabel(pAlt(pTry(pConst(pThen(pString("not"), gDelimiter), true)), pReturn(false)), "negation operator (not)")
	logicOp := pLabel(pAlt(pTry(pConst(pString("and"), "and")), pConst(pString("or"), "or")), "logic operator (and, or)")
	children := pSkip(pThen(lexeme(pChar('(')), pSepBy1(self, lexeme(gComma))), lexeme(pChar(')')))
	expr := pBind(not, func(neg bool) parser[logicTree] {
		return pBind(logicOp, func(op string) parser[logicTree] {
			return pMap(children, func(ch []logicTree) logicTree { return logicTree{not: neg, op: op, children: ch} })
		})
	})
	gLogicTree = pAlt(pMap(pTry(logicFilter), func(f filter) logicTree { return logicTree{stmt: &f} }), expr)
}

// gLogicPath is pLogicPath: "not.or" → (embed path, "not.or").
var gLogicPath = pSepBy1(gFieldName, gDelimiter)

// gColumns is pColumns (the columns= and on_conflict= parameters).
var gColumns = pSepBy1(gFieldName, lexeme(gComma))
