package review

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"
	"time"
)

// The page's timeline geometry, in SVG user units: the viewBox is
// svgWidth wide and scales to the screen; lanes are laneH apart under an
// axis band.
const (
	svgWidth = 1000
	labelW   = 64
	plotW    = svgWidth - labelW - 12
	axisH    = 26
	laneH    = 34
)

type pageLane struct {
	Label string
	Y     int // centre line
}

type pageMark struct {
	T     float64 // seconds since the start: the script re-lays markers out from it
	X     float64
	Y     int
	Kind  string
	Title string
	Label string // shown when zoomed in: a press's lag in a contest
}

type pageBand struct {
	T0, T1 float64
	X, W   float64
	N      int
}

type pageContest struct {
	N       int
	At      string
	T0, T1  float64 // the zoom window
	Verdict string
	Lines   []string
	Table   []string
}

type pageMoment struct {
	At, Seat, Kind, Text string
	Contest              int
}

type page struct {
	Title    string
	Header   []string
	Problems []string
	Summary  []SeatSummary
	Lanes    []pageLane
	Marks    []pageMark
	Bands    []pageBand
	Contests []pageContest
	Findings []string
	Audit    string   // the dealer's audit verdict, "" if none was logged
	Moved    []string // cards the audit found moved unseen
	Moments  []pageMoment
	End      float64
	H        int
	Ticks    []pageTick
	Consts   pageConsts
}

type pageTick struct {
	X     float64
	Label string
}

type pageConsts struct{ LabelW, PlotW, AxisH int }

// HTML writes the review as one self-contained page: the header, the
// contests and findings, and an SVG timeline with a lane per seat that
// zooms to milliseconds around each contest. Everything is inline (no
// fonts, scripts or images from elsewhere), so the page can be mailed or
// opened from a USB stick on a phone. Without script the timeline shows
// the whole hand.
func HTML(w io.Writer, r *Review) error {
	p := buildPage(r)
	var buf bytes.Buffer
	if err := pageTmpl.Execute(&buf, p); err != nil {
		return fmt.Errorf("render page: %w", err)
	}
	_, err := buf.WriteTo(w)
	if err != nil {
		return fmt.Errorf("write page: %w", err)
	}
	return nil
}

func buildPage(r *Review) *page {
	p := &page{Title: "FALLING hand " + r.Hand.ID, Consts: pageConsts{labelW, plotW, axisH}}
	var hdr bytes.Buffer
	// The page's header is the text review's, up to the seat table.
	if err := Text(&hdr, r); err == nil {
		problem := false
		for _, l := range strings.Split(hdr.String(), "\n") {
			if l == "" {
				break
			}
			// Problems are shown apart, with the lines they wrapped to;
			// a header line the text wrapped at its width is joined up,
			// the page wraps its own.
			switch {
			case strings.HasPrefix(l, "  ! "):
				problem = true
			case strings.HasPrefix(l, " ") && problem:
			case strings.HasPrefix(l, " ") && len(p.Header) > 0:
				p.Header[len(p.Header)-1] += " " + strings.TrimSpace(l)
			default:
				problem = false
				p.Header = append(p.Header, l)
			}
		}
	}
	p.Problems = r.problems()
	p.Summary = r.Summary

	end := r.Length
	for _, m := range r.Moments {
		end = max(end, m.At)
	}
	end += time.Second
	p.End = end.Seconds()
	x := func(t time.Duration) float64 {
		return round2(float64(labelW) + t.Seconds()/p.End*float64(plotW))
	}

	lane := map[int]int{0: axisH + laneH/2}
	p.Lanes = append(p.Lanes, pageLane{Label: "table", Y: lane[0]})
	for i, s := range r.Seats {
		y := axisH + laneH/2 + (i+1)*laneH
		lane[s] = y
		label := fmt.Sprintf("seat %d", s)
		p.Lanes = append(p.Lanes, pageLane{Label: label, Y: y})
	}
	p.H = axisH + (len(r.Seats)+1)*laneH + 4

	lag := map[uint64]string{} // press entry → its lag in its contest
	for i, c := range r.Contests {
		d := c.Settled
		for k, seat := range d.Seats {
			l := "first"
			if k > 0 {
				l = "+" + ms(time.Duration(d.Times[k]-d.Times[0]))
			}
			for _, m := range r.Moments {
				if m.Kind == Press && m.Seat == seat && m.Contest == i+1 {
					lag[m.Seq] = l
				}
			}
		}
	}
	for _, m := range r.Moments {
		y, ok := lane[m.Seat]
		if !ok {
			y = lane[0]
		}
		mk := pageMark{T: m.At.Seconds(), X: x(m.At), Y: y, Kind: m.Kind.String(),
			Title: fmt.Sprintf("%.3f s · %s", m.At.Seconds(), m.Text)}
		if m.Kind == Press {
			mk.Label = lag[m.Seq]
		}
		p.Marks = append(p.Marks, mk)
		p.Moments = append(p.Moments, pageMoment{At: fmt.Sprintf("%.3f", m.At.Seconds()), Seat: seatText(m.Seat), Kind: m.Kind.String(), Text: m.Text, Contest: m.Contest})
	}
	for i, c := range r.Contests {
		t0, t1 := c.At, c.At
		d := c.Settled
		if len(d.Times) > 0 {
			t0 = time.Duration(d.Times[0]) - r.T0
			t1 = time.Duration(d.Times[len(d.Times)-1]) - r.T0
		}
		pad := max(30*time.Millisecond, (t1-t0)/2)
		p.Bands = append(p.Bands, pageBand{T0: t0.Seconds(), T1: t1.Seconds(), X: x(t0), W: max(x(t1)-x(t0), 2), N: i + 1})
		pc := pageContest{N: i + 1, At: fmt.Sprintf("%.3f s", c.At.Seconds()), T0: (t0 - pad).Seconds(), T1: (t1 + pad).Seconds(),
			Verdict: c.Verdict, Table: c.Table}
		if o := order(&d); o != "" {
			pc.Lines = append(pc.Lines, "first presses: "+o)
		}
		if c.Called {
			if c.Differs != "" {
				pc.Lines = append(pc.Lines, "NOTE: "+c.Differs)
			} else {
				pc.Lines = append(pc.Lines, "dispute called; the table announced the same at the time")
			}
		}
		if c.Ground != "" {
			pc.Lines = append(pc.Lines, c.Ground)
		}
		p.Contests = append(p.Contests, pc)
	}
	p.Audit, p.Moved = r.AuditVerdict, r.Moved
	for _, f := range r.Findings {
		s := fmt.Sprintf("%.3f s", f.At.Seconds())
		if f.Seat > 0 {
			s += fmt.Sprintf(", seat %d", f.Seat)
		}
		p.Findings = append(p.Findings, s+": "+f.Text)
	}
	step := tickStep(p.End)
	for t := 0.0; t <= p.End; t += step {
		p.Ticks = append(p.Ticks, pageTick{X: round2(float64(labelW) + t/p.End*float64(plotW)), Label: fmt.Sprintf("%g s", math.Round(t*1000)/1000)})
	}
	return p
}

// round2 keeps coordinates to a hundredth of a unit: the page is smaller
// and its bytes do not depend on float noise.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

func seatText(s int) string {
	if s <= 0 {
		return "-"
	}
	return fmt.Sprint(s)
}

// tickStep is a 1-2-5 step giving about ten ticks over span seconds.
func tickStep(span float64) float64 {
	step := 0.001
	for span/step > 10 {
		for _, f := range []float64{2, 2.5, 2} {
			step *= f
			if span/step <= 10 {
				break
			}
		}
	}
	return step
}

var pageTmpl = template.Must(template.New("page").Parse(pageHTML))

const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:70em;padding:.6em;color:#111;background:#fff}
h1{font-size:1.25em;margin:.2em 0}h2{font-size:1.1em;margin:1em 0 .3em}
.hdr{margin:0;padding:0;list-style:none}.hdr li{margin:.1em 0}
.warn{background:#fff3cd;border-left:4px solid #e0a800;padding:.4em .6em;margin:.4em 0}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}td,th{padding:.15em .5em;text-align:right;border-bottom:1px solid #ddd}
td.t,th.t{text-align:left}
.scroll{overflow-x:auto}
.ctl{display:flex;flex-wrap:wrap;gap:.4em;margin:.4em 0}
button{font:inherit;padding:.35em .8em;border:1px solid #888;border-radius:.3em;background:#f4f4f4}
svg{width:100%;height:auto;touch-action:pan-y;user-select:none;background:#fcfcfc;border:1px solid #ddd}
.lane{stroke:#e4e4e4}.lbl{font-size:12px;fill:#333}.tick{stroke:#ddd}.tickl{font-size:10px;fill:#666}
.deal{fill:#8a8a8a}.ground{fill:#d00}.rider{fill:#1565c0}.play{fill:#6a1b9a}.stop{fill:#2e7d32}
.press{fill:#111}.out{stroke:#d00;stroke-width:2.5;fill:none}.win{fill:#f9a825;stroke:#111}
.gap{fill:#b00020}tr.gap td{background:#fde0e0;font-weight:600}
.sweep,.pick-up{fill:#bbb}.refused{fill:#e65100}.dispute{fill:#ff6f00}.note{fill:#78909c}
.band{fill:#ff9800;opacity:.25}.plbl{font-size:11px;fill:#000;display:none}
.zoomed .plbl{display:inline}
.contest{border:1px solid #ff9800;border-radius:.3em;padding:.4em .6em;margin:.5em 0}
.contest pre,.tbl{font:12px/1.3 ui-monospace,monospace;white-space:pre-wrap;margin:.3em 0}
.key{display:flex;flex-wrap:wrap;gap:.2em 1em;font-size:.9em}.key span{white-space:nowrap}
details{margin:.6em 0}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<ul class="hdr">{{range .Header}}<li>{{.}}</li>{{end}}</ul>
{{range .Problems}}<div class="warn">{{.}}</div>{{end}}

<h2>Timeline</h2>
<div class="ctl"><button type="button" id="all">Whole hand</button><button type="button" id="zin">Zoom in</button><button type="button" id="zout">Zoom out</button><button type="button" id="left">&larr;</button><button type="button" id="right">&rarr;</button><span id="span"></span></div>
<svg id="tl" viewBox="0 0 1000 {{.H}}" role="img" aria-label="timeline, one lane per seat">
<g id="axis">{{range .Ticks}}<line class="tick" x1="{{.X}}" x2="{{.X}}" y1="16" y2="{{$.H}}"/><text class="tickl" x="{{.X}}" y="12" text-anchor="middle">{{.Label}}</text>{{end}}</g>
{{range .Lanes}}<line class="lane" x1="{{$.Consts.LabelW}}" x2="1000" y1="{{.Y}}" y2="{{.Y}}"/><text class="lbl" x="4" y="{{.Y}}" dy="4">{{.Label}}</text>
{{end}}<g id="bands">{{range .Bands}}<rect class="band" data-t0="{{.T0}}" data-t1="{{.T1}}" x="{{.X}}" width="{{.W}}" y="{{$.Consts.AxisH}}" height="{{$.H}}"><title>contest {{.N}}</title></rect>{{end}}</g>
<g id="marks">{{range .Marks}}<g class="m" data-t="{{.T}}" data-y="{{.Y}}" transform="translate({{.X}},{{.Y}})"><title>{{.Title}}</title>{{if eq .Kind "deal"}}<rect class="deal" x="-1" y="-8" width="2" height="16"/>{{else if eq .Kind "ground"}}<path class="ground" d="M0,-10L8,7H-8Z"/>{{else if eq .Kind "rider"}}<circle class="rider" r="5"/>{{else if eq .Kind "play"}}<rect class="play" x="-4" y="-4" width="8" height="8"/>{{else if eq .Kind "stop"}}<rect class="stop" x="-6" y="-6" width="12" height="12"/>{{else if eq .Kind "press"}}<path class="press" d="M0,-9L5,0L0,9L-5,0Z"/>{{if .Label}}<text class="plbl" y="-11" text-anchor="middle">{{.Label}}</text>{{end}}{{else if eq .Kind "out"}}<path class="out" d="M-6,-6L6,6M6,-6L-6,6"/>{{else if eq .Kind "win"}}<circle class="win" r="7"/>{{else if eq .Kind "dispute"}}<path class="dispute" d="M0,-10L9,0L0,10L-9,0Z"/>{{else if eq .Kind "gap"}}<rect class="gap" x="-2" y="-12" width="4" height="24"/>{{else}}<circle class="{{.Kind}}" r="3"/>{{end}}</g>{{end}}</g>
</svg>
<div class="key"><span>&#9646; deal</span><span style="color:#d00">&#9650; Ground</span><span style="color:#1565c0">&#9679; rider</span><span style="color:#6a1b9a">&#9632; play</span><span style="color:#2e7d32">&#9632; Stop</span><span>&#9670; press</span><span style="color:#d00">&#10005; out</span><span style="color:#f9a825">&#9679; win</span><span style="color:#ff6f00">&#9670; dispute</span><span style="color:#b00020">&#9646; gap in the log</span><span style="color:#ff9800">&#9608; contest</span></div>

<h2>Contested moments</h2>
{{range .Contests}}<div class="contest" id="contest-{{.N}}"><b>{{.N}}. {{.At}}: {{.Verdict}}</b> <button type="button" class="zc" data-t0="{{.T0}}" data-t1="{{.T1}}">Zoom to it</button>
{{range .Lines}}<div>{{.}}</div>{{end}}{{if .Table}}<div>The table at that instant:</div><pre>{{range .Table}}{{.}}
{{end}}</pre>{{end}}</div>
{{else}}<p>None.</p>{{end}}

<h2>Audit findings</h2>
{{if .Audit}}<p>The dealer's audit: {{.Audit}}.</p>
{{if .Moved}}<p>Moved or played out of sight (allowed), found where the log did not put them:</p><ul>{{range .Moved}}<li>{{.}}</li>{{end}}</ul>
{{end}}{{end}}{{if .Findings}}<ul>{{range .Findings}}<li>{{.}}</li>{{end}}</ul>{{else}}<p>None.</p>{{end}}

<h2>Seats</h2>
<div class="scroll"><table><tr><th>seat</th><th>deals</th><th>Grounds</th><th>riders</th><th>plays</th><th>presses</th><th>Stops</th><th class="t">out</th></tr>
{{range .Summary}}<tr><td>{{.Seat}}</td><td>{{.Deals}}</td><td>{{.Grounds}}</td><td>{{.Riders}}</td><td>{{.Plays}}</td><td>{{.Presses}}</td><td>{{.Stop}}</td><td class="t">{{if .Won}}won{{else if .Declared}}lost: declared{{else if ge .Out 0}}{{printf "%.3f s" .Out.Seconds}}{{else}}-{{end}}</td></tr>
{{end}}</table></div>

<details><summary>Every moment ({{len .Moments}})</summary>
<div class="scroll"><table><tr><th>s</th><th>seat</th><th class="t">what</th></tr>
{{range .Moments}}<tr{{if eq .Kind "gap"}} class="gap"{{end}}><td>{{.At}}</td><td>{{.Seat}}</td><td class="t">{{if eq .Kind "gap"}}GAP: {{end}}{{.Text}}{{if .Contest}} [contest {{.Contest}}]{{end}}</td></tr>
{{end}}</table></div></details>

<script>
(function(){
"use strict";
var END={{.End}},L={{.Consts.LabelW}},PW={{.Consts.PlotW}},H={{.H}},W=1000;
var svg=document.getElementById("tl"),marks=svg.querySelectorAll("#marks .m"),bands=svg.querySelectorAll("#bands rect"),axis=document.getElementById("axis");
var v0=0,v1=END,NS="http://www.w3.org/2000/svg";
function X(t){return L+(t-v0)/(v1-v0)*PW}
function fmt(t,step){var d=step<0.001?4:step<0.01?3:step<0.1?2:step<1?1:0;return t.toFixed(d)+" s"}
function fit(){
  // One SVG unit per CSS pixel, so labels stay legible on a phone.
  var w=Math.max(Math.round(svg.getBoundingClientRect().width),300);
  if(w===W)return;W=w;PW=W-L-12;svg.setAttribute("viewBox","0 0 "+W+" "+H);
  var ln=svg.querySelectorAll(".lane");for(var i=0;i<ln.length;i++)ln[i].setAttribute("x2",W);
}
function layout(){
  fit();
  var i,t,x;
  for(i=0;i<marks.length;i++){t=+marks[i].dataset.t;x=X(t);marks[i].setAttribute("transform","translate("+x+","+marks[i].dataset.y+")");marks[i].style.display=(x<L-2||x>L+PW+8)?"none":""}
  for(i=0;i<bands.length;i++){var a=Math.max(X(+bands[i].dataset.t0),L),b=Math.min(X(+bands[i].dataset.t1),L+PW);bands[i].setAttribute("x",a);bands[i].setAttribute("width",Math.max(b-a,2));bands[i].style.display=b<L||a>L+PW?"none":""}
  var span=v1-v0,step=0.0001,f=[2,2.5,2],k=0;while(span/step>10){step*=f[k%3];k++}
  while(axis.firstChild)axis.removeChild(axis.firstChild);
  for(t=Math.ceil(v0/step)*step;t<=v1;t+=step){x=X(t);var ln=document.createElementNS(NS,"line");ln.setAttribute("class","tick");ln.setAttribute("x1",x);ln.setAttribute("x2",x);ln.setAttribute("y1",16);ln.setAttribute("y2",H);axis.appendChild(ln);var tx=document.createElementNS(NS,"text");tx.setAttribute("class","tickl");tx.setAttribute("x",x);tx.setAttribute("y",12);tx.setAttribute("text-anchor","middle");tx.textContent=fmt(t,step);axis.appendChild(tx)}
  svg.classList.toggle("zoomed",span<3);
  document.getElementById("span").textContent=span<1?"window "+(span*1000).toFixed(1)+" ms":"window "+span.toFixed(1)+" s";
}
function zoom(a,b){if(b-a<0.0005){var c=(a+b)/2;a=c-0.00025;b=c+0.00025}v0=a;v1=b;layout()}
function scale(f,c){if(c===undefined)c=(v0+v1)/2;zoom(c-(c-v0)*f,c+(v1-c)*f)}
function pan(f){var d=(v1-v0)*f;zoom(v0+d,v1+d)}
document.getElementById("all").onclick=function(){zoom(0,END)};
document.getElementById("zin").onclick=function(){scale(0.5)};
document.getElementById("zout").onclick=function(){scale(2)};
document.getElementById("left").onclick=function(){pan(-0.4)};
document.getElementById("right").onclick=function(){pan(0.4)};
var zc=document.querySelectorAll(".zc");
for(var i=0;i<zc.length;i++)zc[i].onclick=function(){zoom(+this.dataset.t0,+this.dataset.t1);svg.scrollIntoView({behavior:"smooth",block:"center"})};
function tAt(ev){var r=svg.getBoundingClientRect(),ux=(ev.clientX-r.left)/r.width*W;return v0+(ux-L)/PW*(v1-v0)}
svg.addEventListener("wheel",function(ev){ev.preventDefault();scale(ev.deltaY<0?0.8:1.25,tAt(ev))},{passive:false});
var drag=null;
svg.addEventListener("pointerdown",function(ev){drag={x:ev.clientX,a:v0,b:v1}});
svg.addEventListener("pointermove",function(ev){if(!drag)return;var r=svg.getBoundingClientRect(),d=(ev.clientX-drag.x)/r.width*W/PW*(drag.b-drag.a);v0=drag.a-d;v1=drag.b-d;layout()});
window.addEventListener("pointerup",function(){drag=null});
window.addEventListener("resize",layout);
var m=/^#contest-(\d+)$/.exec(location.hash),c=m&&document.querySelector("#contest-"+m[1]+" .zc");
if(c)zoom(+c.dataset.t0,+c.dataset.t1);else layout();
})();
</script>
</body>
</html>
`
