package analysis

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The analyzers store their basis sentences in English: that is what the APIs send and what rows
// written before translation hold. basisTexts is the one place that says which message of the
// site's message files (internal/i18n, ids "basis.text.<Key>") says each of them in another
// language, with the variable parts captured by name into the message's data. A sentence no
// pattern matches is shown as stored (TestEveryFixedReasonHasAMessage keeps the fixed ones here).
type basisText struct {
	// Key is the message id under basis.text.
	Key string
	// Pattern matches the whole sentence, with its first letter lower-cased (pages cut "Not
	// assessed:" off the front and upper-case what follows).
	Pattern *regexp.Regexp
}

// q quotes a fixed sentence for a pattern.
func q(s string) string { return regexp.QuoteMeta(lowerFirst(s)) }

// basisTexts lists the sentences in the order they are tried.
var basisTexts = []basisText{
	{"no_source", regexp.MustCompile(`^` + q("No source URL was given, so there is no outlet to rate.") + `$`)},
	{"ratings_missing", regexp.MustCompile(`^domain ratings are not installed \((?P<Path>[^)]*)\); see README, "Datasets"\.$`)},
	{"source_unusable", regexp.MustCompile(`^the source URL could not be used: (?P<Err>.*)\.$`)},
	{"source_unrated", regexp.MustCompile(`^(?P<Name>.+?) is not in the Lin et al\. 2023 ratings \(absence is not a judgement; coverage of Turkish outlets is thin\)\.$`)},
	{"source_ip", regexp.MustCompile(`^the source is given by IP address \((?P<Host>[^)]*)\), which the Lin et al\. 2023 ratings do not cover \(absence is not a judgement\)\.$`)},
	{"platform_rated", regexp.MustCompile(`^(?P<Host>\S+) is a platform where anyone can post, so the rating of the platform says little about who posted this claim \(Lin et al\. 2023 rate (?P<Platform>\S+) as a whole at (?P<PC1>[0-9.]+)\); this account or page is not rated separately\.$`)},
	{"platform", regexp.MustCompile(`^(?P<Host>\S+) is a platform where anyone can post, so the rating of the platform says little about who posted this claim; this account or page is not rated separately\.$`)},
	{"source_rated", regexp.MustCompile(`^source: (?P<Via>.+) rated (?P<PC1>[0-9.]+) \(pc1, 0 = lowest and 1 = highest news-domain quality\) by (?P<Cite>.+); score = round\(pc1 × 100\) = (?P<Score>\d+)\.$`)},
	{"science_offline", regexp.MustCompile(`^` + q(cutLead(reasonScience)) + `$`)},
	{"academic_offline", regexp.MustCompile(`^` + q(cutLead(reasonAcademic)) + `$`)},
	{"public_offline", regexp.MustCompile(`^` + q(cutLead(reasonPublic)) + `$`)},
	{"no_stage", regexp.MustCompile(`^` + q("No stage of this analyzer measures it.") + `$`)},
	{"no_stage_language", regexp.MustCompile(`^` + q("No stage detects the language.") + `$`)},
	{"no_stage_category", regexp.MustCompile(`^` + q("No stage assigns a category.") + `$`)},
	{"no_stage_query", regexp.MustCompile(`^` + q("No stage builds a search query.") + `$`)},
	{"undecided", regexp.MustCompile(`^` + q("No evidence that decides a verdict was found.") + `$`)},
	{"undecided_offline", regexp.MustCompile(`^` + q(offlineUndecided) + `$`)},
	{"undecided_score", regexp.MustCompile(`^` + q(undecidedScoreRule) + `$`)},
	{"summary_composed", regexp.MustCompile(`^` + q("Composed from the basis of the other fields: what was assessed, and what was not and why.") + `$`)},
	{"category_other", regexp.MustCompile(`^` + q("No topic keyword of the Turkish/English lexicon matched, so the category is other.") + `$`)},
	{"category_keywords", regexp.MustCompile(`^keywords: (?P<Words>.+?) → (?P<Slug>[a-z]+) \(weighted score (?P<Score>\d+)(?:; also (?P<Also>[^)]*))?\)(?P<Tie>; tie broken by the fixed category order .*)?$`)},
	{"science_no_match", regexp.MustCompile(`^` + q("No earlier fact-check matched the claim, and nothing else offline measures agreement with scientific knowledge.") + `$`)},
	{"language_no_letters", regexp.MustCompile(`^` + q("No letters to go on (only numbers or symbols).") + `$`)},
	{"according_source", regexp.MustCompile(`(?s)^according to (?P<Who>.+?) \(source: (?P<URL>\S+)\): (?P<Text>.*)$`)},
	{"according_url", regexp.MustCompile(`(?s)^according to (?P<Who>.+?) \((?P<URL>https?://\S+)\): (?P<Text>.*)$`)},
	{"according", regexp.MustCompile(`(?s)^according to (?P<Who>.+?): (?P<Text>.*)$`)},
	{"language_unknown_script", regexp.MustCompile(`^` + q("Written in a script this detector does not know.") + `$`)},
}

// The knowledge-base matcher's sentences (internal/matching, stage.go and decide.go): what a
// confident match rests on, why a fact-check was refused, and why nothing decided. Their
// messages live in the analysis message files. A field whose name ends in Q is a Go-quoted
// string (%q) and reaches the message unquoted without the Q; a field named Reason is itself a
// refusal reason, which pages put in their language in turn.
const (
	// quoted matches a %q string.
	quoted = `"(?:[^"\\]|\\.)*"`
	// matchedHead is the sentence every confident match's basis starts with.
	matchedHead = `matched: (?P<ClaimQ>` + quoted + `) \((?P<Publisher>.+?)(?:, rated (?P<RatingQ>` + quoted + `))?\), similarity (?P<Sim>[0-9.]+)(?: for the whole post and (?P<PieceSim>[0-9.]+) for its clause (?P<PieceQ>` + quoted + `), which states the fact-check by itself)?; the claim alignment found it states the same claim \(subject, predicate, objects, names, numbers and negation agree\)\. `
	// amongKB ends every "nothing decided" verdict sentence.
	amongKB = ` among (?P<Count>\d+) fact-checks in the knowledge base, so the verdict is belirsiz: the offline analyzer never invents one\.$`
)

// matchTexts are the matcher's sentences, tried after basisTexts.
var matchTexts = []basisText{
	{"match_verdict", regexp.MustCompile(`^` + matchedHead + `The verdict is the fact-check's rating mapped onto the four verdicts \((?P<Verdict>[a-z]+)\)\.$`)},
	{"match_score_midpoint", regexp.MustCompile(`^` + matchedHead + `Rule: the fact-check gives no numeric rating, so the score is the midpoint of its verdict \((?P<Verdict>[a-z]+) → (?P<Score>\d+)\)\.$`)},
	{"match_score_rated", regexp.MustCompile(`^` + matchedHead + `Rule: rating (?P<Value>[0-9.e+-]+) on a (?P<Worst>[0-9.e+-]+)–(?P<Best>[0-9.e+-]+) scale rescaled onto 10–90: 10 \+ 80 × (?P<Share>[0-9.]+) = (?P<Raw>\d+)(?:, kept inside the (?P<Verdict>[a-z]+) band (?P<Low>\d+)–(?P<High>\d+): (?P<Score>\d+))?\.$`)},
	{"match_science", regexp.MustCompile(`^` + matchedHead + `The fact-check is filed under (?P<Topic>[a-z]+), where it weighs the claim against the scientific evidence it cites, so its rating is also the agreement with scientific knowledge \((?P<Score>\d+)\)\.$`)},
	{"match_summary", regexp.MustCompile(`^the matched fact-check's own explanation, attributed to its publisher and linked \((?P<URL>.*)\)\.$`)},
	{"match_no_category", regexp.MustCompile(`^` + q("the matched fact-check has no category, so whether it judges scientific evidence is unknown.") + `$`)},
	{"match_not_science", regexp.MustCompile(`^the matched fact-check is filed under (?P<Topic>[a-z]+), not a scientific question, so its rating says nothing about agreement with scientific knowledge\.$`)},
	{"nomatch", regexp.MustCompile(`^no earlier fact-check states this claim` + amongKB)},
	{"nomatch_refused", regexp.MustCompile(`(?s)^no earlier fact-check states this claim \(closest by BM25 retrieval: (?P<ClaimQ>` + quoted + `), similarity (?P<Sim>[0-9.]+); the claim alignment refused it: (?P<Reason>.+)\)` + amongKB)},
	{"nomatch_floor", regexp.MustCompile(`(?s)^no earlier fact-check states this claim \(closest by BM25 retrieval: (?P<ClaimQ>` + quoted + `), similarity (?P<Sim>[0-9.]+), below the (?P<Floor>[0-9.]+) retrieval floor\)` + amongKB)},
	// Refusal reasons (Match.Rejected).
	{"reason_entity_unstated", regexp.MustCompile(`(?s)^different entity: the claim names (?P<A>.+), the fact-check does not$`)},
	{"reason_number_unstated", regexp.MustCompile(`(?s)^different number: the claim says (?P<A>.+), the fact-check does not$`)},
	{"reason_claim_unstated", regexp.MustCompile(`(?s)^different claim: the claim also says (?P<A>.+), the fact-check does not$`)},
	{"reason_subject_only", regexp.MustCompile(`(?s)^different claim: the claim does not say what the fact-check says of (?P<A>.+)$`)},
	{"reason_pronoun_subject", regexp.MustCompile(`(?s)^different subject: the claim says (?P<A>.+) where the fact-check says (?P<B>.+)$`)},
	{"reason_pronoun_object", regexp.MustCompile(`(?s)^different object: the claim says (?P<A>.+) where the fact-check says (?P<B>.+)$`)},
	{"reason_pronoun_entity", regexp.MustCompile(`(?s)^different entity: the claim says (?P<A>.+) where the fact-check says (?P<B>.+)$`)},
	{"reason_pronoun_predicate", regexp.MustCompile(`(?s)^different predicate: the claim says (?P<A>.+) where the fact-check says (?P<B>.+)$`)},
	{"reason_pronoun_detail", regexp.MustCompile(`(?s)^different detail: the claim says (?P<A>.+) where the fact-check says (?P<B>.+)$`)},
	{"reason_denied", regexp.MustCompile(`(?s)^denied: the post states the claim, then says (?P<A>.+)$`)},
	{"reason_subject_states", regexp.MustCompile(`(?s)^different subject: (?P<A>.+) states (?P<B>.+), not (?P<C>.+)$`)},
	{"reason_subject_agent", regexp.MustCompile(`^` + q("different subject: the subject of one claim is the agent of the other") + `$`)},
	{"reason_entity", regexp.MustCompile(`(?s)^different entity: (?P<A>.+) ≠ (?P<B>.+)$`)},
	{"reason_number", regexp.MustCompile(`(?s)^different number: (?P<A>.+) ≠ (?P<B>.+)$`)},
	{"reason_predicate", regexp.MustCompile(`(?s)^different predicate: (?P<A>.+) ≠ (?P<B>.+)$`)},
	{"reason_subject", regexp.MustCompile(`(?s)^different subject: (?P<A>.+) ≠ (?P<B>.+)$`)},
	{"reason_object", regexp.MustCompile(`(?s)^different object: (?P<A>.+) ≠ (?P<B>.+)$`)},
	{"reason_detail", regexp.MustCompile(`(?s)^different detail: (?P<A>.+) ≠ (?P<B>.+)$`)},
	{"reason_broader", regexp.MustCompile(`(?s)^broader claim: the fact-check says (?P<A>.+), the claim says (?P<B>.+)$`)},
	{"reason_opposite", regexp.MustCompile(`(?s)^opposite meaning: (?P<A>.+) ≠ (?P<B>.+)$`)},
	{"reason_opposite_group", regexp.MustCompile(`(?s)^opposite meaning \((?P<Group>[a-z/]+): the claim says (?P<A>.+), the fact-check (?P<B>.+)\)$`)},
	{"reason_negated_claim", regexp.MustCompile(`^` + q("negation differs: the claim is negated, the fact-checked claim is not") + `$`)},
	{"reason_negated_check", regexp.MustCompile(`^` + q("negation differs: the fact-checked claim is negated, this claim is not") + `$`)},
	{"reason_not_same", regexp.MustCompile(`^` + q("not about the same claim") + `$`)},
	{"reason_too_little", regexp.MustCompile(`^` + q("too little in common with this claim to be checked against it") + `$`)},
	{"reason_closer", regexp.MustCompile(`^` + q("a closer fact-check states a different claim, so this one is not taken") + `$`)},
	// The language detector's evidence (language.go). A field named Reason is another of these
	// sentences, said in the page's language in turn; Lang and Runner are English language names.
	{"language_undetermined", regexp.MustCompile(`(?s)^undetermined \(und\)\. (?P<Reason>.+)$`)},
	{"language_short", regexp.MustCompile(`(?s)^too short to tell: (?P<Words>\d+) word\(s\) in (?P<Script>\pL+) script, and their evidence is not enough\. (?P<Reason>.+)$`)},
	{"language_not_enough", regexp.MustCompile(`(?s)^not enough evidence: (?P<Reason>.+); at least (?P<Min>[0-9.]+) is needed\.$`)},
	{"language_too_close", regexp.MustCompile(`(?s)^too close to call: (?P<Reason>.+); the winner needs (?P<Margin>[0-9.]+)× the runner-up\.$`)},
	{"language_explained", regexp.MustCompile(`(?s)^(?P<Reason>.+)\. ` + regexp.QuoteMeta(votesRule) + ` Lists: ` + regexp.QuoteMeta(builtinListsName) + `\.$`)},
	{"language_explained_iso", regexp.MustCompile(`(?s)^(?P<Reason>.+)\. ` + regexp.QuoteMeta(votesRule) + ` Lists: the stopwords-iso lists \((?P<Count>\d+) languages\) and Claimcheck's Turkish and English function words\.$`)},
	{"language_vote", regexp.MustCompile(`^(?P<Lang>\pL[\pL ()-]*?) evidence (?P<Score>[0-9.]+) from (?P<Hits>\d+) of (?P<Words>\d+) words \((?P<Examples>.*?)\)(?:; runner-up (?P<Runner>\pL[\pL ()-]*?) (?P<RunnerScore>[0-9.]+))?$`)},
	{"language_no_word", regexp.MustCompile(`^none of the (?P<Words>\d+) words is a stopword of, or has a letter or ending distinctive of, any language detected here\.$`)},
	// The English search query's glossary translation (query.go).
	{"query_english", regexp.MustCompile(`^english claim: salient words kept in order \((?P<Kept>\d+)\), stopwords dropped; negations \((?P<Negations>\d+)\), numbers and names kept\.$`)},
	{"query_no_salient", regexp.MustCompile(`(?s)^no salient words found, so the query is the claim's words as written\. (?P<Reason>.+)$`)},
	{"glossary_hybrid", regexp.MustCompile(`^language undetermined: Turkish glossary words translated \((?P<Translated>\d+)\), other words kept as written unless stopwords \((?P<Kept>\d+)\); negations kept \((?P<Negations>\d+)\)\.$`)},
	{"glossary", regexp.MustCompile(`(?s)^turkish→English glossary: (?P<Translated>\d+) term\(s\) translated, (?P<Kept>\d+) name\(s\)/number\(s\) kept, (?P<Negations>\d+) negation\(s\) kept as English negations, (?P<Dropped>\d+) untranslatable word\(s\) dropped(?: \((?P<Examples>.*)\))?\.$`)},
	{"glossary_none", regexp.MustCompile(`^not translated offline: there is no (?P<Lang>\pL[\pL ()-]*?)→English glossary, so the query keeps the claim's words as written \((?P<How>stopwords kept too, because this language's negation words are not listed here|stopwords kept too, because no stopword list for it is installed \(stopwords-iso\)|stopwords dropped except negations)\)\.$`)},
	{"language_no_list", regexp.MustCompile(`^no stopword list here for a language in (?P<Script>\pL+) script\.$`)},
	// A script only one language uses, and letters of several scripts (language.go).
	{"language_mixed", regexp.MustCompile(`^mixed scripts: the most common, (?P<Script>\pL+), has only (?P<Share>\d+)% of the letters\.$`)},
	{"language_script", regexp.MustCompile(`^(?P<Lang>\pL[\pL ()-]*?): (?P<Share>\d+)% of the letters are (?P<Script>\pL[\pL ()]*?) script, which among the languages detected here only \pL[\pL ()-]*? uses\.$`)},
}

// scriptCodes are the ISO 15924 codes of the script names the language detector writes
// (scriptName in language.go), so pages can name a script in their own language.
var scriptCodes = map[string]string{
	"Latin": "Latn", "Cyrillic": "Cyrl", "Greek": "Grek", "Arabic": "Arab", "Hebrew": "Hebr", "Devanagari": "Deva",
	"Bengali": "Beng", "Gujarati": "Gujr", "Thai": "Thai", "Hangul": "Hang", "Hiragana": "Hira", "Katakana": "Kana",
	"Han": "Hani", "Armenian": "Armn", "Georgian": "Geor", "Tamil": "Taml", "Sinhala": "Sinh", "Gurmukhi": "Guru",
	"Ethiopic": "Ethi", "Khmer": "Khmr", "Lao": "Laoo", "Myanmar": "Mymr", "Japanese (kana with kanji)": "Jpan",
}

// ScriptCode is the ISO 15924 code of a script the detector names in its evidence ("Greek" →
// "Grek"); ok is false for a name it does not use.
func ScriptCode(name string) (string, bool) {
	for n, code := range scriptCodes {
		if strings.EqualFold(n, name) {
			return code, true
		}
	}
	return "", false
}

// LanguageCode is the code of a language the detector names in its evidence ("Turkish" → "tr"),
// so pages can name it in their own language; ok is false for a name it does not use.
func LanguageCode(name string) (string, bool) {
	for code, n := range languageNames {
		if strings.EqualFold(n, name) {
			return code, true
		}
	}
	return "", false
}

// cutLead is a reason without its "Not assessed…:" status words.
func cutLead(s string) string {
	if _, rest, ok := strings.Cut(s, ": "); ok && strings.HasPrefix(s, "Not assessed") {
		return rest
	}
	return s
}

// lowerFirst lower-cases the first letter, so a sentence matches whether or not a page has
// upper-cased it.
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// BasisMessage finds the message that says a stored basis sentence (or a "Not enough evidence to
// decide" summary) in the site's languages: its id, without the "basis.text." prefix, and the
// data it fills in. ok is false for a sentence no pattern knows.
func BasisMessage(detail string) (key string, data map[string]any, ok bool) {
	s := lowerFirst(strings.TrimSpace(detail))
	for _, table := range [][]basisText{basisTexts, matchTexts} {
		for _, bt := range table {
			m := bt.Pattern.FindStringSubmatch(s)
			if m == nil {
				continue
			}
			data = map[string]any{}
			for i, name := range bt.Pattern.SubexpNames() {
				switch {
				case name == "":
				case strings.HasSuffix(name, "Q") && m[i] != "":
					u, err := strconv.Unquote(m[i])
					if err != nil {
						u = strings.Trim(m[i], `"`)
					}
					data[strings.TrimSuffix(name, "Q")] = u
				default:
					data[strings.TrimSuffix(name, "Q")] = m[i]
				}
			}
			return bt.Key, data, true
		}
	}
	return "", nil, false
}
