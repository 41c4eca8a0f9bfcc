package thesaurus

import (
	"slices"
	"strings"
	"sync"
)

// particleSenses bounds the senses of a one-word verb whose phrasal synonyms say which way its
// particle points: its main ones, as VerbsApart reads only a verb's first verbFileSenses files.
const particleSenses = 3

// particleTable maps an English verb synset to the particles of its phrasal lemmas ("give out",
// "give off" of emit's first synset: "out", "off"). The image holds lemma → senses only, so the
// reverse is built on first use.
type particleTable struct {
	once sync.Once
	of   map[int32][]string
}

// particlesOf returns the particles of synset s's phrasal verb lemmas, building the table once.
func (t *Thesaurus) particlesOf(s int32) []string {
	pt := &t.particles
	pt.once.Do(func() {
		pt.of = map[int32][]string{}
		for i := 0; i < t.senses.lemmas.len(); i++ {
			l := t.senses.lemmas.at(i)
			k := strings.LastIndexByte(l, ' ')
			if k < 0 || !t.adverb(l[k+1:]) {
				continue
			}
			p := l[k+1:]
			for _, x := range t.senses.senses[t.senses.at[i]:t.senses.at[i+1]] {
				if t.en.pos(x.syn()) == verb && !slices.Contains(pt.of[x.syn()], p) {
					pt.of[x.syn()] = append(pt.of[x.syn()], p)
				}
			}
		}
	})
	return pt.of[s]
}

// adverb reports an English word WordNet has as an adverb: the particles of phrasal verbs ("up",
// "down", "out", "off", "on", "in", "away"), not prepositions ("from", "of", "with").
func (t *Thesaurus) adverb(w string) bool { return t.hasPOS(w, adv) }

// ParticleAgrees reports how the particle of an English phrasal verb ("push down") stands to
// the one-word verb b. particle: the phrasal verb's last word is an adverb, a particle that
// turns or bends the verb, not a preposition that only takes its object ("escape from"). Then,
// through the phrasal lemmas of b's main senses: agree when one ends in the same particle
// ("put out" and emit's "give out": the particle says the verb's own direction, whatever verb
// it follows), opposed when one ends in the particle's WordNet antonym, as an adverb or an
// adjective (up/down, on/off: "push down" and raise's "bring up"). Neither when b has no
// phrasal lemma with a particle that decides it.
func (t *Thesaurus) ParticleAgrees(phrasal, b string) (particle, agree, opposed bool) {
	k := strings.LastIndexByte(phrasal, ' ')
	if k < 0 || strings.Contains(b, " ") {
		return false, false, false
	}
	p := strings.ToLower(phrasal[k+1:])
	if !t.adverb(p) {
		return false, false, false
	}
	ps := t.sensesOf(p, 1<<adv|1<<adj)
	for i, s := range t.sensesOf(strings.ToLower(b), verbPOS) {
		if i >= particleSenses {
			break
		}
		for _, q := range t.particlesOf(s.syn()) {
			if q == p {
				agree = true
				continue
			}
			for _, x := range ps {
				for _, y := range t.sensesOf(q, 1<<adv|1<<adj) {
					if t.en.antonyms(x.syn(), y.syn()) {
						opposed = true
					}
				}
			}
		}
	}
	// A verb with phrasal synonyms on both sides ("adjust" up or down) says no direction.
	return true, agree, opposed && !agree
}
