package matching

import (
	"fmt"
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post often reports a claim only to answer it in the next clause, opened by a word of
// contrast: "People say bats are blind, but they can actually see", "Yarasalar kör diyorlar ama
// aslında görebiliyorlar", "Everyone says goldfish have a three-second memory, but they
// actually remember for months". The report frame is read as the claim's frame (frame.go), the
// answer after "but" states the fact-check's parts turned around, and the whole post took the
// fact-check's verdict for what the post denies. deniedAfter (holes.go) reads a denial in words
// of truth and falsehood ("…, but that's a lie"); this reads one in the claim's own words. A
// clause after the contrast answers the claim when it speaks of what the fact-check speaks of
// (a part linked or opposite to it) and turns it: it is negated, it says the opposite of a part,
// or it says what is "actually" so. A claim reported as what others say ("they say", "heard",
// "diyorlar") and then met with "but" is answered whatever the answer says ("…, but it's the
// Mars rover footage that was staged", "… diyorlar ama asıl ıspanak artırıyor"): the post
// asserts the answer, not the report. A contrast that only adds to a claim the post asserts
// itself ("… ama kimse bırakmıyor", "…, but people still smoke") shares no part with the
// fact-check, or turns nothing, and stays.

// contrastWords open a clause that answers the one before it, by folded spelling.
var contrastWords = map[string]bool{"but": true, "however": true, "yet": true, "ama": true, "fakat": true,
	"ancak": true, "halbuki": true, "oysa": true, "oysaki": true, "lakin": true}

// actuallyWords say that what follows is what is really so, by folded spelling.
var actuallyWords = map[string]bool{"actually": true, "really": true, "aslinda": true, "gercekte": true,
	"aslen": true}

// contrastAnswer reports a post q that states part of fact-check r and then, in a clause opened
// by a word of contrast, turns it in the fact-check's own words.
func (ix *decision) contrastAnswer(q, r *claimParts) string {
	if ix.lex == nil || q.frameText == "" || !hasContrastWord(q.frameText) {
		return "" // most posts have no word of contrast: nothing to read in pieces
	}
	spans := denialPieces(q.frameText)
	stated, reported := false, q.reported
	for _, s := range spans {
		text := strings.TrimSpace(strings.TrimRight(s, pieceEnd))
		words := frameWords.FindAllString(text, -1)
		if len(words) < 2 {
			continue
		}
		cp := ix.parsePiece(text, q.lang)
		qa, _ := ix.alignParts(cp, r)
		shares, turned := false, false
		for _, l := range qa.links {
			shares = shares || l == linked || l == opposite
			turned = turned || l == opposite
		}
		if stated && contrastWords[turkish.Fold(words[0])] {
			for _, g := range cp.negs {
				turned = turned || !g.prohibition
			}
			for _, w := range words[1:] {
				turned = turned || actuallyWords[turkish.Fold(w)]
			}
			if shares && turned || reported && len(cp.parts) > 0 {
				return fmt.Sprintf("denied: the post states the claim, then answers it with %q", text)
			}
		}
		stated = stated || shares
		for _, w := range words {
			reported = reported || ix.sayingWord(turkish.Fold(w))
		}
	}
	return ""
}

// hasContrastWord reports a word of contrastWords in text after its first word.
func hasContrastWord(text string) bool {
	words := frameWords.FindAllString(text, -1)
	for _, w := range words[min(1, len(words)):] {
		if contrastWords[turkish.Fold(w)] {
			return true
		}
	}
	return false
}

// reportOpened reports a post text opened by a frame that reports what others say or believe,
// as dropQuestionFrame and dropBelievers read one (claimparts.go, believers.go).
func (ix *Index) reportOpened(text string) bool {
	text = questionFrames.ReplaceAllString(text, "")
	return reportFrames.MatchString(text) || reportedSpeech.MatchString(text) || ix.dropBelievers(text) != text
}

// sayingWord reports a folded word that reports what others say: an English finite verb of
// saying or thinking (reportVerb: "says", "heard", "reckon") or a finite Turkish verb of saying
// (trSayingForms: "diyorlar", "derler").
func (ix *decision) sayingWord(w string) bool {
	return trSayingForms.MatchString(w) || ix.reportVerb(w, true)
}
