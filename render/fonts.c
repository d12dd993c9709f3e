/*
 * The job report's fonts (render/fonts.h): the PDF names "DejaVu Sans"
 * for every text, so fontconfig is given the DejaVu directory alone
 * instead of the system's configuration.  Loading that configuration
 * (40 files of rules here, every font directory) and sorting every
 * installed font for each size and weight was a tenth of the report's
 * CPU, for texts that DejaVu Sans draws whole.  The fonts come from
 * fontconfig's cache of the directory (the one the system's
 * configuration reads), so nothing is scanned or written that the
 * system's configuration would not.
 *
 * A text with a character DejaVu Sans (regular or bold) lacks is marked
 * (fonts_check); the report is then drawn again with the system's
 * configuration, whose fallback fonts draw it as before.  The PDF is
 * the same bytes either way: the cairo/Pango calls and the fonts they
 * reach are the same ones.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>

#include "render/fonts.h"
#include "base/banned.h"

/* where distributions put fonts-dejavu's DejaVuSans.ttf */
static const char *const dejavu_dirs[] = {
	"/usr/share/fonts/truetype/dejavu",   /* Debian, Ubuntu */
	"/usr/share/fonts/dejavu-sans-fonts", /* Fedora */
	"/usr/share/fonts/TTF",		      /* Arch */
	"/usr/share/fonts/dejavu",
	"/usr/local/share/fonts/dejavu",
};

/* the two faces the report draws with */
static const char *const dejavu_files[] = {"DejaVuSans.ttf",
					   "DejaVuSans-Bold.ttf"};

static enum { F_UNSET, F_OWN, F_SYSTEM } state;
static FcCharSet *cover; /* what both faces draw */
static int missed;

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* The characters both faces of the set have, or NULL when one is not
 * there. */
static FcCharSet *faces_cover(FcConfig *cfg)
{
	FcFontSet *fs = FcConfigGetFonts(cfg, FcSetSystem);
	FcCharSet *found[2] = {NULL, NULL};
	FcChar8 *file;
	FcCharSet *cs;

	for (int i = 0; fs && i < fs->nfont; i++) {
		if (FcPatternGetString(fs->fonts[i], FC_FILE, 0, &file) !=
			    FcResultMatch ||
		    FcPatternGetCharSet(fs->fonts[i], FC_CHARSET, 0, &cs) !=
			    FcResultMatch)
			continue;
		for (int k = 0; k < 2; k++)
			if (!strcmp(base_name((const char *)file),
				    dejavu_files[k]))
				found[k] = cs;
	}
	if (!found[0] || !found[1])
		return NULL;
	return FcCharSetIntersect(found[0], found[1]);
}

/* The configuration of dir alone, read from the system's font caches
 * (the cache directories of fontconfig's own fonts.conf); NULL when a
 * face is missing or the directory has no valid cache there. */
static FcConfig *own_config(const char *dir)
{
	char xml[1024], path[512];
	FcConfig *cfg;
	FcCache *cache;

	snprintf(path, sizeof(path), "%s/%s", dir, dejavu_files[0]);
	if (access(path, R_OK) != 0)
		return NULL;
	snprintf(xml, sizeof(xml),
		 "<fontconfig><dir>%s</dir>"
		 "<cachedir>/var/cache/fontconfig</cachedir>"
		 "<cachedir prefix=\"xdg\">fontconfig</cachedir>"
		 "<cachedir>~/.fontconfig</cachedir></fontconfig>",
		 dir);
	cfg = FcConfigCreate();
	if (!cfg)
		return NULL;
	if (!FcConfigParseAndLoadFromMemory(cfg, (const FcChar8 *)xml, FcFalse))
		goto fail;
	/* no cache: building would scan the directory and write one */
	cache = FcDirCacheLoad((const FcChar8 *)dir, cfg, NULL);
	if (!cache)
		goto fail;
	FcDirCacheUnload(cache);
	if (!FcConfigBuildFonts(cfg))
		goto fail;
	cover = faces_cover(cfg);
	if (cover)
		return cfg;
fail:
	FcConfigDestroy(cfg);
	return NULL;
}

static int env_set(const char *name)
{
	const char *v = getenv(name);

	return v && *v;
}

int fonts_own(void)
{
	FcConfig *cfg = NULL;

	if (state != F_UNSET)
		return state == F_OWN;
	state = F_SYSTEM;
	/* a configuration the user names is theirs to keep */
	if (env_set("FONTCONFIG_FILE") || env_set("FONTCONFIG_PATH") ||
	    env_set("FONTCONFIG_SYSROOT"))
		return 0;
	for (size_t i = 0;
	     !cfg && i < sizeof(dejavu_dirs) / sizeof(*dejavu_dirs); i++)
		cfg = own_config(dejavu_dirs[i]);
	if (!cfg)
		return 0;
	if (!FcConfigSetCurrent(cfg)) {
		FcConfigDestroy(cfg);
		FcCharSetDestroy(cover);
		cover = NULL;
		return 0;
	}
	FcConfigDestroy(cfg); /* the current configuration holds it */
	state = F_OWN;
	return 1;
}

void fonts_check(const char *s)
{
	const FcChar8 *p = (const FcChar8 *)s;
	FcChar32 c;
	int n, len;

	if (state != F_OWN || missed)
		return;
	len = (int)strlen(s);
	while (len > 0) {
		/* printable ASCII: DejaVu Sans has all of it; Pango keeps
		 * the font it has for a tab or a line's end */
		if ((*p >= 0x20 && *p < 0x7f) || *p == '\t' || *p == '\n' ||
		    *p == '\r') {
			p++;
			len--;
			continue;
		}
		n = FcUtf8ToUcs4(p, &c, len);
		if (n <= 0 || !FcCharSetHasChar(cover, c)) {
			missed = 1;
			return;
		}
		p += n;
		len -= n;
	}
}

int fonts_missed(void)
{
	return state == F_OWN && missed;
}

void fonts_system(void)
{
	FcConfig *sys;

	if (state != F_OWN)
		return;
	/* Pango's font map holds the old configuration's fonts: a new
	 * one reads the current configuration, the system's (loaded as
	 * FcInit() loads it) */
	pango_cairo_font_map_set_default(NULL);
	sys = FcInitLoadConfigAndFonts();
	if (sys) {
		FcConfigSetCurrent(sys);
		FcConfigDestroy(sys);
	}
	FcCharSetDestroy(cover);
	cover = NULL;
	missed = 0;
	state = F_SYSTEM;
}
