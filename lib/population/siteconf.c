/*
 * The site configuration (siteconf.h): the key = value parser, each key's
 * check, and the values in force with their origins.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/select.h"
#include "analysis/triage.h"
#include "population/siteconf.h"
#include "base/banned.h"

void iol_siteconf_init(struct iol_siteconf *c)
{
	memset(c, 0, sizeof(*c));
}

static int bad(struct iol_error *err, const char *where, const char *key,
	       const char *why)
{
	return iol_error_set(err, IOL_EINVAL, "%s: %s%s%s", where,
			     key ? key : "", key ? ": " : "", why);
}

static int check_count(const char *v, const char *where, const char *key,
		       struct iol_error *err)
{
	char *end;
	long long n;

	errno = 0;
	n = strtoll(v, &end, 10);
	if (errno || end == v || *end || n < 1)
		return bad(err, where, key, "not a positive whole number");
	return 0;
}

static int check_regex(const char *v, const char *where, const char *key,
		       struct iol_error *err)
{
	regex_t re;

	if (!*v)
		return 0;
	if (regcomp(&re, v, REG_EXTENDED | REG_NOSUB))
		return bad(err, where, key, "bad regular expression");
	regfree(&re);
	return 0;
}

static int check_listen(const char *v, const char *where, const char *key,
			struct iol_error *err)
{
	const char *colon = strrchr(v, ':');
	char *end;
	long port;

	if (!colon || colon == v)
		return bad(err, where, key, "not HOST:PORT");
	errno = 0;
	port = strtol(colon + 1, &end, 10);
	if (errno || end == colon + 1 || *end || port < 0 || port > 65535)
		return bad(err, where, key,
			   "port not 0 to 65535 (0: any free port)");
	return 0;
}

static int check_triage(const char *name, const char *v, const char *where,
			const char *key, struct iol_error *err)
{
	struct iol_triage_conf tmp;
	struct iol_error e = {0};
	char line[512];
	const char *why;

	if (iol_triage_conf_index(name) < 0)
		return bad(err, where, key,
			   "no such triage threshold (iolens triage "
			   "--print-config)");
	if (strlen(v) > 400)
		return bad(err, where, key, "not a number");
	/* triage's own parser says whether it is a number in the key's
	 * range; its "line 1: " is not this file's line */
	snprintf(line, sizeof line, "%s = %s", name, v);
	if (iol_triage_conf_apply(&tmp, line, &e) == 0)
		return 0;
	why = strstr(e.msg, "bad number")     ? "not a number"
	      : strncmp(e.msg, "line 1: ", 8) ? e.msg
					      : e.msg + 8;
	return bad(err, where, key, why);
}

/* Is key one of siteconf.h's, and value of its kind? */
static int check(const char *key, const char *v, const char *where,
		 struct iol_error *err)
{
	static const char ppn_part[] = "procs_per_node.partition.";
	static const char ppn_host[] = "procs_per_node.host.";

	if (!strcmp(key, "db") || !strcmp(key, "serve.logs"))
		return *v ? 0 : bad(err, where, key, "empty");
	if (!strcmp(key, "procs_per_node"))
		return check_count(v, where, key, err);
	if ((!strncmp(key, ppn_part, sizeof ppn_part - 1) &&
	     key[sizeof ppn_part - 1]) ||
	    (!strncmp(key, ppn_host, sizeof ppn_host - 1) &&
	     key[sizeof ppn_host - 1]))
		return check_count(v, where, key, err);
	if (!strcmp(key, "exclude"))
		return check_regex(v, where, key, err);
	if (!strcmp(key, "serve.listen"))
		return check_listen(v, where, key, err);
	if (!strncmp(key, "triage.", 7))
		return check_triage(key + 7, v, where, key, err);
	return iol_error_set(err, IOL_EINVAL, "%s: unknown key '%s'", where,
			     key);
}

static int add(struct iol_siteconf *c, const char *key, const char *value,
	       const char *origin)
{
	struct iol_siteval *s;

	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		struct iol_siteval *v = realloc(c->v, cap * sizeof(*v));

		if (!v)
			return IOL_ENOMEM;
		c->v = v;
		c->cap = cap;
	}
	s = &c->v[c->n];
	s->key = strdup(key);
	s->value = strdup(value);
	s->origin = strdup(origin);
	if (!s->key || !s->value || !s->origin) {
		free(s->key), free(s->value), free(s->origin);
		return IOL_ENOMEM;
	}
	c->n++;
	return 0;
}

static void drop(struct iol_siteconf *c, size_t i)
{
	free(c->v[i].key), free(c->v[i].value), free(c->v[i].origin);
	memmove(&c->v[i], &c->v[i + 1], (c->n - i - 1) * sizeof(*c->v));
	c->n--;
}

/* A checked value into c: it replaces key's earlier one; exclude adds
 * up, and an empty exclude drops those before it. */
static int put(struct iol_siteconf *c, const char *key, const char *value,
	       const char *origin, struct iol_error *err)
{
	int excl = !strcmp(key, "exclude");
	size_t i;

	if (check(key, value, origin, err) < 0)
		return IOL_EINVAL;
	for (i = c->n; excl && !*value && i-- > 0;)
		if (!strcmp(c->v[i].key, key))
			drop(c, i);
	if (excl && !*value)
		return 0;
	for (i = 0; !excl && i < c->n; i++)
		if (!strcmp(c->v[i].key, key)) {
			/* in place: iolens config lists keys as first set */
			char *v = strdup(value), *o = strdup(origin);

			if (!v || !o) {
				free(v), free(o);
				return iol_error_set(err, IOL_ENOMEM,
						     "out of memory");
			}
			free(c->v[i].value), free(c->v[i].origin);
			c->v[i].value = v;
			c->v[i].origin = o;
			return 0;
		}
	if (add(c, key, value, origin) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return 0;
}

int iol_siteconf_set(struct iol_siteconf *c, const char *key, const char *value,
		     const char *origin, struct iol_error *err)
{
	return put(c, key, value, origin, err);
}

static char *trim(char *s)
{
	char *e;

	s += strspn(s, " \t\r");
	e = s + strlen(s);
	while (e > s && strchr(" \t\r", e[-1]))
		*--e = '\0';
	return s;
}

static int parse_line(struct iol_siteconf *c, char *line, const char *where,
		      struct iol_error *err)
{
	char *eq, *key = trim(line);

	if (!*key || *key == '#')
		return 0;
	eq = strchr(key, '=');
	if (!eq)
		return iol_error_set(err, IOL_EINVAL,
				     "%s: not key = value ('#' starts a "
				     "comment line)",
				     where);
	*eq = '\0';
	key = trim(key);
	if (!*key)
		return iol_error_set(err, IOL_EINVAL, "%s: no key before '='",
				     where);
	return put(c, key, trim(eq + 1), where, err);
}

int iol_siteconf_parse(struct iol_siteconf *c, const char *text,
		       const char *name, struct iol_error *err)
{
	const char *p = text;
	int lineno = 0, rc = 0;

	while (*p && rc == 0) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char where[4200], *line = malloc(len + 1);

		if (!line)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		memcpy(line, p, len);
		line[len] = '\0';
		snprintf(where, sizeof where, "%s:%d", name, ++lineno);
		rc = parse_line(c, line, where, err);
		free(line);
		p += len + (nl ? 1 : 0);
	}
	return rc;
}

const char *iol_siteconf_get(const struct iol_siteconf *c, const char *key,
			     const char **origin)
{
	for (size_t i = c->n; i-- > 0;)
		if (!strcmp(c->v[i].key, key)) {
			if (origin)
				*origin = c->v[i].origin;
			return c->v[i].value;
		}
	return NULL;
}

int64_t iol_siteconf_ppn(const struct iol_siteconf *c, const char *partition,
			 const char *host)
{
	static const char host_pre[] = "procs_per_node.host.";
	const char *v;
	size_t i;

	if (partition) {
		char key[300];

		snprintf(key, sizeof key, "procs_per_node.partition.%s",
			 partition);
		if ((v = iol_siteconf_get(c, key, NULL)))
			return strtoll(v, NULL, 10);
	}
	for (i = 0; host && i < c->n; i++)
		if (!strncmp(c->v[i].key, host_pre, sizeof host_pre - 1) &&
		    !fnmatch(c->v[i].key + sizeof host_pre - 1, host, 0))
			return strtoll(c->v[i].value, NULL, 10);
	v = iol_siteconf_get(c, "procs_per_node", NULL);
	return v ? strtoll(v, NULL, 10) : 0;
}

char *iol_siteconf_triage_text(const struct iol_siteconf *c)
{
	size_t i, len = 1, cap;
	char *t;

	for (i = 0; i < c->n; i++)
		if (!strncmp(c->v[i].key, "triage.", 7))
			len += strlen(c->v[i].key) + strlen(c->v[i].value) + 4;
	if (!(t = malloc(cap = len)))
		return NULL;
	t[0] = '\0';
	for (i = 0, len = 0; i < c->n; i++)
		if (!strncmp(c->v[i].key, "triage.", 7)) {
			int w = snprintf(t + len, cap - len, "%s = %s\n",
					 c->v[i].key + 7, c->v[i].value);
			len += w > 0 ? (size_t)w : 0;
		}
	return t;
}

int iol_siteconf_copy(struct iol_siteconf *to, const struct iol_siteconf *from,
		      struct iol_error *err)
{
	int rc;

	iol_siteconf_init(to);
	for (size_t i = 0; i < from->n; i++)
		if ((rc = iol_siteconf_set(to, from->v[i].key, from->v[i].value,
					   from->v[i].origin, err)) < 0)
			return rc;
	return 0;
}

void iol_siteconf_release(struct iol_siteconf *c)
{
	while (c->n)
		drop(c, c->n - 1);
	free(c->v);
	iol_siteconf_init(c);
}

int iol_siteconf_excl(const struct iol_siteconf *c, int defaults,
		      struct iol_excl *ex, const char **origin,
		      struct iol_error *err)
{
	int rc = iol_excl_init(ex, defaults, err);

	*origin = NULL;
	/* the site's exclude lines are default exclusions too */
	for (size_t i = 0; rc == 0 && defaults && i < c->n; i++)
		if (!strcmp(c->v[i].key, "exclude") &&
		    (rc = iol_excl_add(ex, c->v[i].value, err)) < 0)
			*origin = c->v[i].origin;
	return rc;
}

int iol_siteconf_triage_conf(const struct iol_siteconf *c, const char *path,
			     struct iol_triage_conf *tc, struct iol_error *err)
{
	char *text = iol_siteconf_triage_text(c);
	int rc;

	if (!text)
		return IOL_ENOMEM;
	rc = iol_triage_conf_load_over(tc, text, path, err);
	free(text);
	return rc;
}
