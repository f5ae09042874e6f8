/* trace.c - record kind names (the event names of every log format). */
#include "sim/trace.h"

#include <string.h>

static const char *const sim_rec_names[SIM_REC__COUNT] = {
	[SIM_REC_RELEASE]    = "release",
	[SIM_REC_START]      = "start",
	[SIM_REC_PREEMPT]    = "preempt",
	[SIM_REC_COMPLETE]   = "complete",
	[SIM_REC_MISS]       = "deadline_miss",
	[SIM_REC_ABORT]      = "abort",
	[SIM_REC_UNFINISHED] = "unfinished",
	[SIM_REC_MIGRATE]    = "migrate",
	[SIM_REC_END]        = "end",
	[SIM_REC_BUDGET_EXHAUSTED] = "budget_exhausted",
	[SIM_REC_REPLENISH]        = "replenish",
	[SIM_REC_THROTTLE]         = "throttle",
	[SIM_REC_UNTHROTTLE]       = "unthrottle",
	[SIM_REC_SERVER_DEADLINE]  = "server_deadline",
	[SIM_REC_SERVER_WAKEUP]    = "server_wakeup",
	[SIM_REC_SERVER_MISS]      = "server_deadline_miss",
	[SIM_REC_SERVER_INACTIVE]  = "server_inactive",
	[SIM_REC_ADMIT]            = "admit",
	[SIM_REC_REJECT]           = "reject",
	[SIM_REC_LEAVE]            = "leave",
	[SIM_REC_SUSPEND]          = "suspend",
	[SIM_REC_RESUME]           = "resume",
	[SIM_REC_SETATTR]          = "setattr",
	[SIM_REC_LOCK]             = "lock",
	[SIM_REC_UNLOCK]           = "unlock",
	[SIM_REC_BLOCK]            = "block",
	[SIM_REC_INHERIT]          = "inherit",
};

const char *sim_rec_kind_name(enum sim_rec_kind k)
{
	if ((unsigned)k >= SIM_REC__COUNT)
		return "?";
	return sim_rec_names[k];
}

enum sim_rec_kind sim_rec_kind_parse(const char *name)
{
	for (unsigned k = 0; k < SIM_REC__COUNT; k++)
		if (!strcmp(sim_rec_names[k], name))
			return (enum sim_rec_kind)k;
	return SIM_REC__COUNT;
}
