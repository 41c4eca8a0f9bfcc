package matching

import (
	"regexp"
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post often passes on a folk belief by naming the people who hold it: "Koreans believe that
// sleeping with a fan on can kill you", "in Turkey people swear that fish followed by yoghurt is
// poisonous", "Korelilerin inandığı gibi kapalı odada fanla uyumak öldürürmüş". The believers are no part of the
// claim, as the speaker of "my mum says" is not (reportFrames, claimparts.go); read as parts
// they are a subject or a name the fact-check lacks ("the claim also says koreliler"). Such
// posts are mostly cross-language ones: the belief of another country is told in the poster's
// language. Only the closed frame counts: a verb of belief ("believe", "swear", "think";
// Turkish "inanmak") whose subject is people in general or people of a kind the lexicon knows
// as persons (PersonKind: "Koreans", "Koreliler", "Turks"), with what is believed as its
// complement ("that …"; the Turkish "as they believe", "-DIğI gibi"). The Turkish frame with
// the believers first and the belief as a nominalised dative ("koreliler … öldürdüğüne
// inanıyor") is left: that shape already takes a post whose believed object differs
// ("kapalı odada klimayla uyumanın öldürdüğüne inanıyor" for the fan fact-check), and naming
// the believers is all that keeps such a post refused today.

// enBelievers opens an English post with a subject, an optional place before it and a verb of
// belief with "that"; believersFrame checks the subject's head (group 2) and its words before.
var enBelievers = regexp.MustCompile(`(?i)^\s*(?:in \p{Lu}\pL+,?\s+)?((?:[\pL'’-]+\s+){0,2}?)([\pL'’-]+)\s+(?:believe|believes|believed|swear|swears|swore|think|thinks|thought)\s+that\s+`)

// trBelieversAs opens a Turkish post with "as <people> believe": the believers in the genitive
// (group 1, before its ending) and the participle of "inanmak", "demek", "söylemek" or
// "düşünmek" before "gibi".
var trBelieversAs = regexp.MustCompile(`(?i)^\s*(\pL+?)(?:nin|nın|nun|nün|in|ın|un|ün)\s+(?:inandığı|inandigi|dediği|dedigi|söylediği|soyledigi|düşündüğü|dusundugu)\s+gibi[\s,]+`)

// dropBelievers removes from the start of text a frame that names the people holding the
// belief the post passes on (see the comment at the top of this file). The subject must be
// people in general or a plural kind of person; a negated subject ("nobody", "no Koreans")
// denies the belief and stays.
func (ix *Index) dropBelievers(text string) string {
	if ix.lex == nil {
		return text
	}
	kl, ok := ix.lex.(personKindLexicon)
	if !ok {
		return text
	}
	// Each expression runs only on a text holding a word it needs: most posts hold none.
	if !containsAnyCase(text, "that") && !containsAnyCase(text, "gibi") {
		return text
	}
	if m := enBelievers.FindStringSubmatchIndex(text); m != nil && !enNegativeSpeakers.MatchString(text[m[2]:m[5]]) {
		head := strings.ToLower(text[m[4]:m[5]])
		if head == "people" || head == "everyone" || head == "everybody" ||
			strings.HasSuffix(head, "s") && kl.PersonKind("en", strings.TrimSuffix(head, "s")) {
			return text[m[1]:]
		}
	}
	if m := trBelieversAs.FindStringSubmatchIndex(text); m != nil && ix.trPersons(turkish.Fold(text[m[2]:m[3]])) {
		return text[m[1]:]
	}
	return text
}
