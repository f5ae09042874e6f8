/* suites.h - every CUnit suite of the project, one CU_TestInfo array each,
 * defined in tests/test_<module>.c and registered in tests/main.c. */
#ifndef TESTS_SUITES_H
#define TESTS_SUITES_H

#include <CUnit/CUnit.h>

extern CU_TestInfo models_tests[];      /* test_models.c: time, rng, task */
extern CU_TestInfo api_tests[];
extern CU_TestInfo analyze_tests[];      /* test_analyze.c: dlsim analyze end to end */         /* test_api.c: the public API, include/dlsim.h */
extern CU_TestInfo frac_tests[];        /* test_frac.c */
extern CU_TestInfo analysis_tests[];    /* test_analysis.c */
extern CU_TestInfo scn_tests[];         /* test_scn.c */
extern CU_TestInfo evq_tests[];         /* test_evq.c */
extern CU_TestInfo heap_tests[];        /* test_heap.c: the indexed heap */
extern CU_TestInfo edf_tests[];         /* test_edf.c: hand-worked timelines */
extern CU_TestInfo prop_tests[];        /* test_prop.c: random property tests */
extern CU_TestInfo export_tests[];      /* test_export.c: log/jobs writers */
extern CU_TestInfo binlog_tests[];      /* test_binlog.c: the binary event log */
extern CU_TestInfo render_tests[];      /* test_render.c: Gantt geometry */
extern CU_TestInfo horizon_tests[];     /* test_horizon.c: default horizons */
extern CU_TestInfo crosscheck_tests[];  /* test_crosscheck.c: analysis vs simulation */
extern CU_TestInfo global_tests[];      /* test_global.c: global EDF tests */
extern CU_TestInfo tardiness_tests[];   /* test_tardiness.c: DA and CVA bounds */
extern CU_TestInfo partition_tests[];   /* test_partition.c: P-EDF bin packing */
extern CU_TestInfo partition_scale_tests[]; /* test_partition_scale.c */
extern CU_TestInfo robust_tests[];          /* test_robust.c: hostile names, failing files */
extern CU_TestInfo fuzz_corpus_tests[];     /* test_fuzz_corpus.c: seed corpora replayed */
extern CU_TestInfo faults_tests[];          /* test_faults.c: allocation and write faults */
extern CU_TestInfo direct_tests[];          /* test_direct.c: O_DIRECT outputs */
extern CU_TestInfo multi_tests[];       /* test_multi.c: placement, multicore */
extern CU_TestInfo fp_tests[];          /* test_fp.c: fixed priority, fp-rta */
extern CU_TestInfo cbs_tests[];         /* test_cbs.c: CBS servers */
extern CU_TestInfo fp_servers_tests[];  /* test_fp_servers.c: polling,
					 * deferrable */
extern CU_TestInfo resv_prop_tests[];   /* test_resv_prop.c */
extern CU_TestInfo linux_dl_tests[];    /* test_linux_dl.c: SCHED_DEADLINE */
extern CU_TestInfo linux_kernel_tests[]; /* test_linux_kernel.c: profiles,
					 * tick accounting, 0-lag release */
extern CU_TestInfo domains_tests[];     /* test_domains.c: cpusets, fair server */
extern CU_TestInfo split_tests[];       /* test_split.c: edf-split */
extern CU_TestInfo global_prop_tests[];  /* test_global_prop.c: G-EDF properties */
extern CU_TestInfo analysis_limits_tests[]; /* test_analysis_limits.c: edges, limits */
extern CU_TestInfo budget_tests[];      /* test_budget.c: decided or too large */
extern CU_TestInfo cbs_prop_tests[];     /* test_cbs_prop.c: CBS properties */
extern CU_TestInfo edf_engine_tests[];   /* test_edf_engine.c: engine contracts */
extern CU_TestInfo scn_errors_tests[];   /* test_scn_errors.c: bad input */
extern CU_TestInfo export_outputs_tests[]; /* test_export_outputs.c: jobs, files, chrome */
extern CU_TestInfo render_geom_tests[];  /* test_render_geom.c: pure geometry */
extern CU_TestInfo render_files_tests[]; /* test_render_files.c: PNG/SVG/PDF/TikZ */
extern CU_TestInfo multi_random_tests[]; /* test_multi_random.c: multicore properties */
extern CU_TestInfo multi_binding_tests[]; /* test_multi_binding.c: tasks to CPUs */
extern CU_TestInfo plot_tests[];        /* test_plot.c: dbf, response, util plots */
extern CU_TestInfo lock_tests[];        /* test_locks.c: shared resources */
extern CU_TestInfo lock_random_tests[]; /* test_locks_random.c */
extern CU_TestInfo lock_dl_tests[];     /* test_locks_dl.c: linux-dl rt_mutex */
extern CU_TestInfo suspend_tests[];     /* test_suspend.c: self-suspension */
extern CU_TestInfo overhead_tests[];    /* test_overhead.c: overheads */
extern CU_TestInfo uniform_tests[];     /* test_uniform.c: CPU capacities */
extern CU_TestInfo energy_tests[];      /* test_energy.c: frequencies, energy */
extern CU_TestInfo uniform_dl_tests[];  /* test_uniform_dl.c: linux-dl on
					 * CPU capacities */
extern CU_TestInfo percentile_tests[];  /* test_percentile.c: response percentiles */
extern CU_TestInfo admit_tests[];       /* test_admit.c: admission, mode */
extern CU_TestInfo json_tests[];        /* test_json.c: the jansson wrapper */
extern CU_TestInfo rtapp_tests[];       /* test_rtapp.c: rt-app JSON in and out */
extern CU_TestInfo ftrace_tests[];      /* test_ftrace.c: trace-cmd text, compare */
extern CU_TestInfo gen_tests[];         /* test_gen.c: task-set generators */
extern CU_TestInfo exp_tests[];         /* test_exp.c: experiments */
extern CU_TestInfo exp_resv_tests[];    /* test_exp_resv.c: reservations, tardiness */
extern CU_TestInfo exp_plot_tests[];    /* test_exp_plot.c: tardiness, weighted figures */
extern CU_TestInfo exp_api_tests[];     /* test_exp_api.c: experiments through dlsim.h */

#endif /* TESTS_SUITES_H */
