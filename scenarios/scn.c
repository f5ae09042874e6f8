/* scn.c - loading a scenario: the entry points (from memory, from a
 * file), the engine configuration of a scenario, and freeing it.
 *
 * scn_load_data() runs: size check -> libcyaml (cyaml_load.c) -> the
 * checks libcyaml cannot make (a NUL inside a string) -> convert
 * (convert.c, then check.c) -> free libcyaml's data.  Every message is in
 * the form of errors.c; scn_load_file() adds the file's own errors
 * (cannot open, cannot read, too large) with the system's reason.
 */
#include "scenarios/scn.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "models/mem.h"
#include "scenarios/internal.h"

enum rt_err scn_load_data(const uint8_t *buf, size_t len, const char *name,
			  struct scn_scenario **out, struct rt_diag *d)
{
	return scn_load_data_h(buf, len, name, NULL, out, d);
}

enum rt_err scn_load_data_h(const uint8_t *buf, size_t len, const char *name,
			    scn_horizon_fn hf, struct scn_scenario **out,
			    struct rt_diag *d)
{
	struct scn_ctx c = { name ? name : "<data>", buf, len, d, { 0, 0 },
			     NULL, hf };
	struct scn_shorthands sh = { 0 };
	struct scn_cpus_list cl = { 0 };
	struct scn_y_doc *y = NULL;
	struct scn_mark nul;
	enum rt_err err;

	rt_diag_clear(d);
	if (!buf) {
		if (len)
			return rt_diagf(d, RT_ERR_INVAL, "%s: no data", c.file);
		c.buf = buf = (const uint8_t *)"";
	}
	if (len > SCN_MAX_BYTES)
		return rt_diagf(d, RT_ERR_PARSE,
				"%s: %zu bytes; expected a scenario of at most "
				"%u MiB", c.file, len, SCN_MAX_BYTES >> 20);
	err = scn_cyaml_load(&c, &y, &sh, &cl);
	if (!err && scn_find_nul(buf, len, &nul))
		err = scn_fail_at(&c, RT_ERR_PARSE, nul, "", "a string holds a NUL "
				  "character (\\0); expected text without NUL");
	if (!err)
		err = scn_convert(&c, y, &sh, out);
	if (!err && !((*out)->src = rt_malloc(len ? len : 1))) {
		scn_free(*out);
		*out = NULL;
		err = rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", c.file);
	} else if (!err) {
		memcpy((*out)->src, buf, len);
		(*out)->src_len = len;
	}
	scn_cyaml_free(y);
	scn_shorthands_fini(&sh);
	scn_cpus_list_fini(&cl);
	return err;
}

/* Read all of f (a regular file, pipe or device) into *buf. */
enum rt_err scn_read_all(FILE *f, const char *path, uint8_t **buf,
				size_t *len, struct rt_diag *d)
{
	struct stat st;
	size_t cap = 1 << 16, n = 0;
	uint8_t *b;

	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
		if ((uintmax_t)st.st_size > SCN_MAX_BYTES)
			return rt_diagf(d, RT_ERR_PARSE,
					"%s: %jd bytes; expected a scenario of at "
					"most %u MiB", path, (intmax_t)st.st_size,
					SCN_MAX_BYTES >> 20);
		cap = (size_t)st.st_size + 1;
	}
	b = rt_malloc(cap);
	if (!b)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	for (;;) {
		n += fread(b + n, 1, cap - n, f);
		if (ferror(f)) {
			int e = errno;

			rt_free(b);
			return rt_diagf(d, RT_ERR_IO, "%s: cannot read: %s", path,
					strerror(e));
		}
		if (n > SCN_MAX_BYTES) {
			rt_free(b);
			return rt_diagf(d, RT_ERR_PARSE,
					"%s: more than %u MiB; expected a scenario "
					"of at most %u MiB", path,
					SCN_MAX_BYTES >> 20, SCN_MAX_BYTES >> 20);
		}
		if (feof(f))
			break;
		if (n == cap) {
			uint8_t *nb = rt_realloc(b, cap * 2);

			if (!nb) {
				rt_free(b);
				return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
						path);
			}
			b = nb;
			cap *= 2;
		}
	}
	*buf = b;
	*len = n;
	return RT_OK;
}

enum rt_err scn_load_file(const char *path, struct scn_scenario **out,
			  struct rt_diag *d)
{
	return scn_load_file_h(path, NULL, out, d);
}

enum rt_err scn_load_file_h(const char *path, scn_horizon_fn hf,
			    struct scn_scenario **out, struct rt_diag *d)
{
	uint8_t *buf = NULL;
	size_t len = 0;
	enum rt_err err;
	FILE *f;

	rt_diag_clear(d);
	f = fopen(path, "rb");
	if (!f)
		return rt_diagf(d, RT_ERR_IO, "%s: cannot open: %s", path,
				strerror(errno));
	errno = 0;
	err = scn_read_all(f, path, &buf, &len, d);
	fclose(f);
	if (err)
		return err;
	err = scn_load_data_h(buf, len, path, hf, out, d);
	rt_free(buf);
	return err;
}

const char *scn_placement_name(enum scn_placement p)
{
	switch (p) {
	case SCN_PLACE_PARTITIONED:
		return "partitioned";
	case SCN_PLACE_CLUSTERED:
		return "clustered";
	case SCN_PLACE_CPUSETS:
		return "cpusets";
	case SCN_PLACE_GLOBAL:
		break;
	}
	return "global";
}

static enum sim_placement scn_sim_placement(enum scn_placement p)
{
	switch (p) {
	case SCN_PLACE_PARTITIONED:
		return SIM_PLACE_PARTITIONED;
	case SCN_PLACE_CLUSTERED:
		return SIM_PLACE_CLUSTERED;
	case SCN_PLACE_CPUSETS:
		return SIM_PLACE_CPUSETS;
	case SCN_PLACE_GLOBAL:
		break;
	}
	return SIM_PLACE_GLOBAL;
}

void scn_sim_config(const struct scn_scenario *s, const unsigned *task_cluster,
		    rt_time horizon, struct sim_config *out)
{
	const struct scn_scheduler *k = &s->sched;

	memset(out, 0, sizeof(*out));
	out->tasks = s->tasks;
	out->ntasks = s->ntasks;
	out->cpus = s->cpus;
	out->policy = k->policy;
	out->on_miss = k->on_miss;
	out->tie_break = k->tie_break;
	out->horizon = horizon;
	out->seed = s->seed;
	out->placement = scn_sim_placement(k->placement);
	out->cluster_size = k->cluster_size;
	out->task_cluster = task_cluster;
	out->nsets = (unsigned)k->ncpusets;
	out->cpu_set = k->cpu_set;
	out->priorities = k->priorities;
	out->servers = s->servers;
	out->nservers = s->nservers;
	out->task_server = s->task_server;
	out->rt_runtime_us = k->rt_runtime_us;
	out->rt_period_us = k->rt_period_us;
	out->reclaim = k->reclaim;
	if (k->fair_server.on) {
		out->fair_runtime = k->fair_server.runtime;
		out->fair_deadline = k->fair_server.deadline;
		out->fair_period = k->fair_server.period;
		out->fair_reserve = k->fair_server.reserve;
		out->fair_defer = k->fair_server.defer;
	}
	out->dl_rules = &k->dl;
	out->overheads = rt_ovh_any(&s->overheads) ? &s->overheads : NULL;
	out->capacity = s->capacity;
	out->freq = s->freq;
	out->schedutil = s->freq && s->governor == SCN_GOV_SCHEDUTIL;
	out->hard_test = k->hard_test;
	out->arrive_at = s->arrive_at;
	out->leave_at = s->leave_at;
	out->admission = k->admission_kind;
	out->admission_test = k->admission_test;
	out->admission_never = k->task_unplaced;
	out->tardiness_bounds = k->has_mode && k->mode == SCN_MODE_SOFT;
	out->dl_flags = s->dl_flags;
	out->dl_yield_at = s->yield_at;
	out->dl_changes = s->changes;
	out->nresources = s->nresources;
	out->protocol = k->protocol;
}

void scn_free(struct scn_scenario *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->ntasks; i++) {
		/* the rt_task pointers are const for their borrowers; the
		 * scenario owns them (scn.h) */
		rt_free((void *)s->tasks[i].name);
		rt_free((void *)s->tasks[i].releases);
		rt_free((void *)s->tasks[i].exec_values);
		rt_free((void *)s->tasks[i].suspend);
		rt_free((void *)s->tasks[i].sections);
	}
	for (size_t i = 0; i < s->nresources; i++)
		rt_free(s->resources[i]);
	rt_free(s->resources);
	rt_free(s->tasks);
	rt_free(s->name);
	rt_free(s->description);
	rt_free(s->path);
	rt_free(s->src);
	rt_free(s->capacity);
	rt_free(s->freq);
	rt_free(s->freq_vals);
	rt_free(s->sched.policy);
	rt_free(s->sched.admission);
	for (size_t i = 0; i < s->sched.ncpusets; i++)
		rt_free(s->sched.cpusets[i].name);
	rt_free(s->sched.cpusets);
	rt_free(s->sched.cpu_set);
	rt_free(s->sched.task_set);
	rt_free(s->sched.task_cluster);
	rt_free(s->sched.task_unplaced);
	for (size_t i = 0; i < s->nservers; i++)
		rt_free((void *)s->servers[i].name);
	rt_free(s->servers);
	rt_free(s->task_server);
	rt_free(s->arrive_at);
	rt_free(s->leave_at);
	rt_free(s->dl_flags);
	for (size_t i = 0; s->yield_at && i < s->ntasks; i++)
		rt_free((void *)s->yield_at[i].at);
	rt_free(s->yield_at);
	for (size_t i = 0; s->changes && i < s->ntasks; i++)
		rt_free((void *)s->changes[i].v);
	rt_free(s->changes);
	rt_free(s);
}
