/*
 * The job report's fonts: DejaVu alone, or the system's fontconfig
 * configuration when a text needs a character DejaVu Sans lacks
 * (render/fonts.c).  For the drawing module's PDF report; process-wide
 * state, one drawing thread.
 */
#ifndef IOLENS_FONTS_H
#define IOLENS_FONTS_H

/* Make fontconfig's configuration the DejaVu directory alone, before
 * Pango's first text, unless the environment names a configuration
 * (FONTCONFIG_FILE, FONTCONFIG_PATH, FONTCONFIG_SYSROOT) or the faces
 * or their cache are not found.  1 when in force (also on later calls),
 * 0 when the system's configuration is used. */
int fonts_own(void);
/* Note a text (UTF-8) about to be laid out: with fonts_own() in force,
 * a character outside DejaVu Sans regular and bold marks the drawing
 * missed. */
void fonts_check(const char *s);
/* 1 when a text since fonts_own() had a character DejaVu Sans lacks:
 * what was drawn must be drawn again after fonts_system(). */
int fonts_missed(void);
/* Back to the system's configuration for the rest of the process (its
 * font map dropped: no drawing context may still hold one). */
void fonts_system(void);

#endif
