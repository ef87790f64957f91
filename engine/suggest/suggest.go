// Package suggest finds the name a misspelt one was probably meant to be:
// the "did you mean" of error messages, for tool names, argument names,
// definition keys, kinds, groups and modes alike.
package suggest

import "strings"

// Closest returns the candidate nearest to name, or "" when none is near
// enough. Case and the difference between - and _ cost nothing; beyond that
// a candidate may differ by up to a third of the name's length in single
// character edits (at least one, at most three). Among equally near
// candidates the first wins.
func Closest(name string, candidates []string) string {
	n := norm(name)
	limit := min(3, max(1, len([]rune(n))/3))
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if c == name {
			return ""
		}
		if d := distance(n, norm(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// Hint is Closest phrased for the end of a message: ` (did you mean "x"?)`,
// or "" when nothing is near.
func Hint(name string, candidates []string) string {
	if c := Closest(name, candidates); c != "" {
		return ` (did you mean "` + c + `"?)`
	}
	return ""
}

func norm(s string) string { return strings.ReplaceAll(strings.ToLower(s), "-", "_") }

// distance is the Levenshtein distance between a and b, in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
