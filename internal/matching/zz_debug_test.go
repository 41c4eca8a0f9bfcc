package matching

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestDebugPair(t *testing.T) {
	qs := os.Getenv("DQ")
	if qs == "" {
		t.Skip()
	}
	ix := starterIndex(t)
	for _, q := range strings.Split(qs, ";;") {
		lang := "tr"
		if strings.HasPrefix(q, "en:") {
			lang, q = "en", q[3:]
		}
		qp := ix.parseClaim(q, lang)
		fmt.Printf("Q %q neg=%v\n", q, qp.negative(nil))
		for _, p := range qp.parts {
			fmt.Printf("   %-14s role=%d verb=%v first=%v num=%q slot=%q ent=%v lem=%v con=%v\n", p.text, p.role, p.verb, p.first, p.num, p.slot, p.ent != nil, p.lemmas, p.concepts)
		}
		for _, c := range ix.Search(q, lang, 3) {
			rp := ix.reviewParts(c.Review)
			fmt.Printf("  %.3f %s %q -> %s\n", c.Similarity, c.Review.URL, c.Review.Claim, c.Rejected)
			for _, p := range rp.parts {
				fmt.Printf("      %-14s role=%d verb=%v num=%q slot=%q ent=%v lem=%v con=%v\n", p.text, p.role, p.verb, p.num, p.slot, p.ent != nil, p.lemmas, p.concepts)
			}
		}
	}
}
