/* style.c - the chart palette (Okabe-Ito) and hatch cycling; see style.h. */
#include "render/style.h"

#include <string.h>

static const struct render_rgb palette[RENDER_PALETTE_SIZE] = {
	{ 0x00 / 255.0, 0x72 / 255.0, 0xB2 / 255.0, "#0072B2" },  /* blue */
	{ 0xE6 / 255.0, 0x9F / 255.0, 0x00 / 255.0, "#E69F00" },  /* orange */
	{ 0x00 / 255.0, 0x9E / 255.0, 0x73 / 255.0, "#009E73" },  /* bluish green */
	{ 0xCC / 255.0, 0x79 / 255.0, 0xA7 / 255.0, "#CC79A7" },  /* reddish purple */
	{ 0x56 / 255.0, 0xB4 / 255.0, 0xE9 / 255.0, "#56B4E9" },  /* sky blue */
	{ 0xF0 / 255.0, 0xE4 / 255.0, 0x42 / 255.0, "#F0E442" },  /* yellow */
};

static const struct render_rgb mixed = {
	0x99 / 255.0, 0x99 / 255.0, 0x99 / 255.0, "#999999"
};

const struct render_rgb render_style_miss = {
	0xCC / 255.0, 0x00 / 255.0, 0x00 / 255.0, "#CC0000"
};
const struct render_rgb render_style_text = {
	0x1A / 255.0, 0x1A / 255.0, 0x1A / 255.0, "#1A1A1A"
};
const struct render_rgb render_style_muted = {
	0x66 / 255.0, 0x66 / 255.0, 0x66 / 255.0, "#666666"
};
const struct render_rgb render_style_grid = {
	0xDD / 255.0, 0xDD / 255.0, 0xDD / 255.0, "#DDDDDD"
};
const struct render_rgb render_style_band = {
	0xF4 / 255.0, 0xF4 / 255.0, 0xF4 / 255.0, "#F4F4F4"
};

const struct render_rgb render_style_fair = {
	0xBB / 255.0, 0xBB / 255.0, 0xBB / 255.0, "#BBBBBB"
};
const struct render_rgb render_style_server = {
	0x33 / 255.0, 0x4E / 255.0, 0x68 / 255.0, "#334E68"
};

struct render_rgb render_style_fill(int i, enum render_hatch *hatch)
{
	if (i < 0) {
		*hatch = RENDER_HATCH_NONE;
		return mixed;
	}
	*hatch = (enum render_hatch)((i / RENDER_PALETTE_SIZE) % 4);
	return palette[i % RENDER_PALETTE_SIZE];
}

const char *render_style_font(const char *opt)
{
	if (!opt || !*opt || !strcmp(opt, "sans"))
		return RENDER_FONT_FAMILY;
	if (!strcmp(opt, "serif"))
		return RENDER_FONT_SERIF;
	return opt;
}
