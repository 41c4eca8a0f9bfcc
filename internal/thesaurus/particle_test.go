package thesaurus

import "testing"

// TestParticleAgrees holds the particle readings of ParticleAgrees: a preposition is no
// particle; a particle agrees with a phrasal synonym of the verb's main senses ending in it
// (emit's "give out"), and opposes one ending in its antonym (raise's "bring up", lower's "take
// down"); a verb without phrasal synonyms decides nothing.
func TestParticleAgrees(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		phrasal, verb            string
		particle, agree, opposed bool
	}{
		{"escape from", "lose", false, false, false},
		{"put out", "emit", true, true, false},
		{"pump out", "emit", true, true, false},
		{"soak up", "emit", true, false, false},
		{"push down", "raise", true, false, true},
		{"keep down", "raise", true, false, true},
		{"push up", "raise", true, true, false},
		{"push up", "lower", true, false, true},
		{"set off", "prevent", true, false, false},
	} {
		particle, agree, opposed := th.ParticleAgrees(c.phrasal, c.verb)
		if particle != c.particle || agree != c.agree || opposed != c.opposed {
			t.Errorf("ParticleAgrees(%q, %q) = %v, %v, %v; want %v, %v, %v", c.phrasal, c.verb, particle, agree, opposed, c.particle, c.agree, c.opposed)
		}
	}
}
