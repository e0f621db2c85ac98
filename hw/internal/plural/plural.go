// Package plural words a count for the people at the table: "1 card",
// "3 cards". It is shared by the hardware packages (the reader's health
// line, the doctor's report), which import nothing of game.
package plural

import "strconv"

// Count says n things, in the singular for one. thing is a noun whose
// plural takes an s, as every one the hardware packages count does.
func Count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}
