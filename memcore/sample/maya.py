"""Maya Okafor: a data scientist with a churn-prediction notebook project at work and a part-time MSc thesis."""

from __future__ import annotations

from .seeds import BlockSeed, Person, Recall, Seed, StateSeed, m

CHURN: list[Seed] = [
    # -- what the project is ---------------------------------------------------------------------
    m(178, "project", "Churn project: predict 60-day churn for Brightline subscribers from app usage, billing and "
       "support history, so the retention squad can target save offers.", "churn,scope", "Brightline", importance=0.85,
       pin=170, summary="60-day churn model for Brightline's retention squad"),
    m(177, "fact", "Stakeholders for the churn model are Priya Raman (Head of Growth) and the retention squad led by "
       "Omar.", "stakeholders", "Priya Raman,Omar"),
    m(176, "fact", "Brightline has roughly 1.9M paying subscribers; monthly churn averages about 4.1%.",
       "churn,metrics", "Brightline"),
    m(175, "note", "Repo layout: notebooks/ for exploration, src/features.py for anything reused, so feature code can "
       "be unit tested outside Jupyter.", "repo,structure", "Jupyter"),
    m(174, "decision", "Churn is defined as no active subscription 60 days after the renewal date (agreed with Priya).",
       "churn,definition", "Priya Raman", importance=0.85, key="def60"),
    m(173, "outdated", "Earlier churn definition was 30 days without a login; dropped because seasonal users looked "
       "like churners.", "churn,definition"),
    m(172, "preference", "Maya prefers code first, explanation after, when asking for help with pandas or SQL.",
       "answer-style"),
    m(171, "preference", "Likes short markdown cells explaining each step rather than long comments inside code "
       "cells.", "notebooks,style", "Jupyter"),
    # -- environment and tooling (chains) --------------------------------------------------------
    m(170, "fact", "The churn repo environment is managed with pip and a pinned requirements.txt.", "environment",
       "pip", chain="package-manager"),
    m(112, "decision", "Switched the churn repo from pip to conda: LightGBM kept failing to build against OpenMP on "
       "her Mac.", "environment", "conda,LightGBM", chain="package-manager",
       reason="pip builds of LightGBM broke on macOS; moved to conda"),
    m(38, "decision", "Moved the churn repo from conda to uv; the lockfile is uv.lock and CI runs `uv sync --frozen`.",
       "environment,ci", "uv", chain="package-manager", reason="conda solves took minutes; uv is faster and locks"),
    m(169, "fact", "Feature tables are built from CSV exports dropped in the shared Drive folder every Monday.",
       "data-source", "Google Drive", chain="database"),
    m(131, "decision", "We switched from CSV exports to BigQuery: features now live in analytics.churn_features.",
       "data-source,warehouse", "BigQuery", chain="database", reason="CSV exports were late and lost types"),
    m(168, "fact", "Heavy notebooks run on her laptop (M1, 16 GB RAM).", "compute", "MacBook", chain="cloud"),
    m(97, "decision", "Moved heavy notebooks to Vertex AI Workbench on GCP (n2-highmem-8) after the laptop ran out of "
       "memory on the 2M-row join.", "compute,gcp", "Vertex AI,GCP", chain="cloud",
       reason="laptop ran out of memory; moved compute to GCP"),
    m(165, "preference", "Uses the default light theme in JupyterLab.", "editor,theme", "JupyterLab",
       chain="ui-theme"),
    m(120, "preference", "Switched JupyterLab to the dark theme for late evenings.", "editor,theme", "JupyterLab",
       chain="ui-theme", reason="asked for dark mode"),
    m(44, "preference", "Now uses Solarized Dark in both JupyterLab and VS Code; plots must stay readable on a dark "
       "background.", "editor,theme,plots", "JupyterLab,VS Code", chain="ui-theme",
       reason="standardised on Solarized Dark across editors"),
    m(60, "note", "Local experiments read parquet snapshots with DuckDB instead of querying BigQuery every time.",
       "warehouse,cost", "DuckDB,BigQuery"),
    # -- modeling decisions ------------------------------------------------------------------------
    m(160, "decision", "LightGBM is the main model; a logistic regression stays as the interpretable benchmark.",
       "modeling", "LightGBM", importance=0.75),
    m(158, "decision", "Evaluate with a time-based split (train on months 1-9, validate on 10-11, test on 12); "
       "never a random split.", "modeling,evaluation", importance=0.8, pin=150),
    m(157, "decision", "Report PR-AUC instead of ROC-AUC: churners are only about 7% of the base.",
       "evaluation,metrics"),
    m(140, "decision", "Calibrate scores with isotonic regression before they go to the CRM team.",
       "calibration", "scikit-learn"),
    m(136, "decision", "Per-customer explanations for the retention squad use SHAP values from the LightGBM model.",
       "explainability", "SHAP,LightGBM"),
    m(150, "note", "Engagement trend (slope of weekly sessions over 8 weeks) is the top SHAP driver, ahead of "
       "payment failures.", "features,shap", "SHAP", importance=0.6, promote=120),
    m(147, "note", "Support-ticket sentiment adds almost nothing once ticket count is in the model.", "features",
       "Zendesk"),
    m(145, "fact", "Annual-plan customers churn at roughly a third of the monthly-plan rate.", "segments,metrics"),
    m(143, "fact", "Support tickets live in Zendesk and are exported nightly into analytics.support_tickets.",
       "data-source", "Zendesk,BigQuery"),
    m(139, "fact", "The CRM team runs retention campaigns in Braze; they read scores from crm_staging.churn_scores.",
       "crm", "Braze"),
    # -- constraints and critical rules -----------------------------------------------------------
    m(166, "constraint", "Customer PII (emails, names, addresses) must never leave the warehouse; notebooks only see "
       "the hashed customer_id.", "privacy,pii", "BigQuery", importance=0.95, pin=160),
    m(163, "critical", "Never write scores into the production CRM tables directly: write to "
       "crm_staging.churn_scores and let the nightly sync pick them up.", "crm,production", "Braze"),
    m(155, "constraint", "Queries scanning more than 1 TB need approval from the data platform team.",
       "warehouse,cost", "BigQuery"),
    m(152, "constraint", "Scores must be refreshed weekly, before Monday 06:00 UTC, for the CRM sync.",
       "schedule,crm"),
    m(149, "constraint", "The retention squad needs a reason for every score; no black-box numbers without the top "
       "three drivers.", "explainability"),
    # -- mistakes -----------------------------------------------------------------------------------
    m(146, "mistake", "Target leak: days_since_cancel_click was computed after the churn date. PR-AUC fell from 0.71 "
       "to 0.38 once fixed; check feature timestamps against the cutoff.", "leakage,features",
       importance=0.85, emotion=(0.75, -0.7)),
    m(134, "mistake", "Forgot to drop internal test accounts (emails ending in @brightline.test), which inflated the "
       "active base by 3%.", "data-quality"),
    m(118, "mistake", "Event timestamps are UTC but billing dates are local time; joining on date shifted renewals by "
       "a day. Convert billing dates to UTC first.", "timezones,data-quality", importance=0.7,
       emotion=(0.4, -0.4)),
    m(101, "mistake", "Running SHAP on all 2M rows killed the kernel; sample 20k customers for explanations.",
       "shap,performance", "SHAP"),
    # -- deadlines ----------------------------------------------------------------------------------
    m(125, "deadline", "Present churn model v1 at the growth leadership review.", "review,presentation",
       "Priya Raman", due=-96),
    m(80, "deadline", "Hand the calibrated scores to the CRM team for the first campaign.", "crm,handoff",
       "Braze", due=-61),
    m(20, "deadline", "Quarterly retention report draft due to Priya.", "report", "Priya Raman", due=9),
    m(15, "deadline", "Data platform migration freeze starts; no schema changes to analytics.* after this.",
       "warehouse,freeze", "BigQuery", due=21),
    # -- events -------------------------------------------------------------------------------------
    m(96, "event", "Growth review went well; Priya asked for a per-segment breakdown (new vs. tenured subscribers).",
       "review,feedback", "Priya Raman", emotion=(0.6, 0.7)),
    m(58, "event", "Model v1 went live in the weekly CRM sync; the first campaign targeted the top risk decile.",
       "launch,crm", "Braze", importance=0.7, emotion=(0.5, 0.6)),
    m(88, "event", "Pairing session with Jonas from data platform on BigQuery slot usage; partitioned the events "
       "table by day.", "warehouse,pairing", "Jonas,BigQuery"),
    m(26, "event", "Save-offer A/B result: churn in the treated group was 11% lower (relative) than control.",
       "experiment,result", importance=0.75, emotion=(0.55, 0.8)),
    m(10, "event", "Omar reported that scores for annual-plan customers look too low after the price change.",
       "feedback,calibration", "Omar"),
    # -- learning goals -----------------------------------------------------------------------------
    m(110, "learning_goal", "Wants to model time-to-churn with survival analysis (lifelines) instead of a fixed "
       "60-day window.", "survival,learning", "lifelines"),
    m(70, "learning_goal", "Learning dbt so the feature SQL moves out of notebooks into tested models.",
       "dbt,learning", "dbt"),
    # -- tasks --------------------------------------------------------------------------------------
    m(12, "task", "Add unit tests for the tenure and engagement features in src/features.py.", "testing,features",
       "pytest"),
    m(8, "task", "Re-run the model with the new support-ticket features and compare PR-AUC with v1.",
       "modeling,experiment"),
    m(5, "task", "Write a one-page summary of the top five churn drivers for Priya.", "report", "Priya Raman"),
    m(3, "task", "Recalibrate annual-plan scores after the price change.", "calibration", "Omar"),
    m(1.5, "task", "Clean up stale branches in the churn repo.", "git,housekeeping", "GitHub"),
    # -- temporaries --------------------------------------------------------------------------------
    m(0.12, "temporary", "The hyperparameter sweep is running on Workbench; don't restart the kernel for about three "
       "hours.", "compute", "Vertex AI"),
    m(13, "temporary", "Working from a café today; the VPN is flaky so warehouse queries may time out.", "vpn"),
    m(47, "temporary", "Using a 10% event sample while the warehouse is under maintenance.", "warehouse"),
    m(0.4, "temporary", "Priya is out today; send the driver summary to Omar instead.", "people", "Omar,Priya Raman"),
    # -- perceptual ---------------------------------------------------------------------------------
    m(95, "note", "Screenshot of the v1 confusion matrix at the 0.3 threshold: many false positives among annual "
       "plans.", "evaluation,screenshot", tier="perceptual",
       media=("image", "demo://maya/churn/confusion-matrix-v1.png")),
    m(57, "note", "Photo of the whiteboard from the retention sync: the save-offer flow with three risk bands.",
       "whiteboard,crm", "Omar", tier="perceptual", media=("image", "demo://maya/churn/whiteboard-save-offer.jpg")),
    # -- misc notes, outdated, forgotten ------------------------------------------------------------
    m(130, "outdated", "raw.app_events_v1 is deprecated; use analytics.events instead.", "warehouse,deprecation",
       "BigQuery"),
    m(128, "note", "Colleague tip: use QUALIFY with ROW_NUMBER() to pick the latest subscription row per customer.",
       "sql,tip", "BigQuery", archive=40),
    m(90, "note", "Tried CatBoost for the categorical plan features; no gain over LightGBM, 4x slower.",
       "modeling,experiment", "CatBoost"),
    m(66, "preference", "Wants plots in the colour-blind-safe cividis palette.", "plots,accessibility", "matplotlib"),
    m(64, "preference", "Keeps random seeds fixed at 42 in every notebook so reruns match.", "reproducibility"),
    m(54, "note", "Maya mentioned she skipped lunch again to finish the CRM handoff.", "wellbeing", privacy="private",
       forget=(50, "user asked to forget this: not relevant to the project"), as_deleted=True),
    m(30, "note", "Idea: add app store review sentiment as a feature; probably too sparse.", "features,idea",
       archive=2, importance=0.2),
    m(22, "fact", "The retention squad's weekly sync is on Tuesdays at 10:00 London time.", "meetings", "Omar",
       edit=(18, {"content": "The retention squad's weekly sync moved to Wednesdays at 10:00 London time."},
             "meeting moved")),
    m(6, "note", "Annual-plan scores drop sharply in the last month before renewal; check the tenure feature cap.",
       "calibration,features"),
    m(116, "note", "Feature importance is stable across the last three monthly retrains (Spearman above 0.9).",
       "monitoring,features", "SHAP"),
    m(74, "decision", "Weekly scoring runs as a scheduled Vertex AI pipeline, not from a notebook.",
       "pipeline,schedule", "Vertex AI"),
    m(34, "event", "Monitoring alert: score drift on new subscribers after the onboarding change; fixed by retraining.",
       "monitoring,drift", emotion=(0.35, -0.2)),
]

THESIS: list[Seed] = [
    m(180, "project", "Maya's part-time MSc thesis in Statistics: Bayesian survival models for subscription churn "
       "with time-varying covariates.", "thesis,scope", "Dr. Helen Park", importance=0.9, pin=175,
       summary="MSc thesis: Bayesian survival models for churn"),
    m(179, "fact", "Her supervisor is Dr. Helen Park; they meet every other Thursday on video.", "supervisor",
       "Dr. Helen Park"),
    m(179.5, "constraint", "The thesis may not use Brightline's real customer data; only the synthetic dataset "
       "approved by legal.", "data,legal", "Brightline", importance=0.95, critical=True),
    m(176, "constraint", "Word limit is 20,000 words excluding appendices and references.", "thesis,format"),
    m(174.5, "preference", "Writes best early in the morning (6-8 am) before work; evenings are for reading.",
       "routine", importance=0.55),
    m(172.5, "decision", "Use PyMC for the hierarchical survival model; Stan was considered but the team already knows "
       "Python.", "modeling,tools", "PyMC,Stan", importance=0.75),
    m(171.5, "fact", "Writes the thesis in Overleaf with a shared link for Dr. Park.", "writing,tools", "Overleaf",
       chain="writing-tool"),
    m(104, "decision", "Moved the thesis from Overleaf to local LaTeX with VS Code and git, because the free plan's "
       "compile timeout kept failing on the figures.", "writing,tools", "LaTeX,VS Code,git", chain="writing-tool",
       reason="Overleaf compile timeouts; moved to local LaTeX + git"),
    m(170.5, "fact", "References are managed in Mendeley.", "references", "Mendeley", chain="reference-manager"),
    m(115, "decision", "Switched from Mendeley to Zotero with Better BibTeX so citation keys stay stable.",
       "references", "Zotero,Better BibTeX", chain="reference-manager", reason="unstable citation keys"),
    m(167, "learning_goal", "Understand HMC diagnostics properly: divergences, R-hat and effective sample size.",
       "bayesian,learning", "PyMC"),
    m(161, "learning_goal", "Work through chapters 11-14 of Statistical Rethinking with the exercises in PyMC.",
       "bayesian,reading", "Statistical Rethinking,PyMC"),
    m(159, "note", "Chapter plan: 1 intro, 2 background on survival analysis, 3 model, 4 simulation study, 5 case "
       "study on the synthetic data, 6 discussion.", "thesis,outline", importance=0.7),
    m(156, "deadline", "Ethics self-assessment form due to the department.", "admin,ethics", due=-140),
    m(148, "deadline", "Submit chapter 2 (background) draft to Dr. Park.", "writing,chapter-2", "Dr. Helen Park",
       due=-118),
    m(100, "deadline", "Chapter 3 (model) draft due to Dr. Park.", "writing,chapter-3", "Dr. Helen Park", due=-70),
    m(35, "deadline", "Chapter 4 simulation study draft due.", "writing,chapter-4", "Dr. Helen Park", due=14),
    m(60.5, "deadline", "Final thesis submission.", "submission", due=76, importance=0.95, pin=59),
    m(144, "mistake", "Used a centred parametrisation for the frailty terms: hundreds of divergences. The "
       "non-centred version samples cleanly.", "pymc,divergences", "PyMC", importance=0.75, emotion=(0.5, -0.5)),
    m(132, "mistake", "Simulated censoring independently of covariates, which made the simulation too easy; censoring "
       "must depend on plan type.", "simulation,censoring"),
    m(86, "mistake", "Compiled the whole thesis with a stale .bib and lost two hours chasing missing citations.",
       "latex,references", "Zotero"),
    m(142, "event", "Supervisor meeting: Dr. Park liked the background chapter but wants more on competing risks.",
       "supervisor,feedback", "Dr. Helen Park", emotion=(0.45, 0.5)),
    m(117, "event", "Got the first clean PyMC run of the full model: no divergences, R-hat below 1.01 everywhere.",
       "pymc,milestone", "PyMC", emotion=(0.7, 0.85), importance=0.7),
    m(75, "event", "Dr. Park was away for three weeks; the chapter 3 review was pushed back.", "supervisor",
       "Dr. Helen Park"),
    m(48, "event", "Presented the simulation design at the department's PhD/MSc seminar; questions were mostly about "
       "prior sensitivity.", "seminar,presentation", emotion=(0.6, 0.4)),
    m(138, "decision", "Use a piecewise-constant baseline hazard with 12 monthly pieces rather than a spline.",
       "modeling", importance=0.7),
    m(127, "decision", "Priors: half-normal(0, 1) on frailty scales after the prior predictive checks looked "
       "sensible.", "modeling,priors", "PyMC"),
    m(93, "decision", "Simulation study: 200 replications per scenario, three censoring levels, two sample sizes.",
       "simulation"),
    m(121, "fact", "The synthetic dataset has 50,000 customers, 24 monthly periods and about 18% censoring.",
       "data", "synthetic-data"),
    m(108, "note", "Dr. Park prefers figures in greyscale with direct labels rather than legends.", "figures,style",
       "Dr. Helen Park"),
    m(102, "note", "Competing risks: treat 'downgrade' as a separate event type, not censoring.", "modeling",
       "Dr. Helen Park", promote=80),
    m(84, "preference", "Wants reading suggestions capped at two papers a week.", "reading", importance=0.6),
    m(79, "note", "Maya said she has been feeling burned out juggling the thesis and work; keep suggestions short and "
       "don't pile on extra reading.", "wellbeing", privacy="sensitive", emotion=(0.8, -0.6), importance=0.7),
    m(73, "note", "She is considering asking for a two-month extension if chapter 4 slips.", "planning",
       privacy="private"),
    m(69, "fact", "Department rule: extensions must be requested at least four weeks before the submission date.",
       "admin,rules"),
    m(52, "task", "Re-run the simulation with the dependent censoring fix on the Workbench machine.", "simulation",
       "Vertex AI"),
    m(9, "task", "Tighten the chapter 3 introduction; Dr. Park said it takes two pages to get to the model.",
       "writing,chapter-3", "Dr. Helen Park"),
    m(4, "task", "Make the prior sensitivity figure for chapter 4.", "figures,chapter-4", "PyMC"),
    m(2, "task", "Email Dr. Park the updated chapter 4 outline.", "supervisor,email", "Dr. Helen Park"),
    m(0.2, "temporary", "Laptop battery is dying; keep answers short until she's plugged in.", "session"),
    m(31, "temporary", "Library closed this week; she's working from home.", "routine"),
    m(111, "note", "Voice memo from the commute: use the downgrade hazard as a covariate in the churn model too.",
       "idea,competing-risks", tier="perceptual", media=("audio", "demo://maya/thesis/voice-memo-downgrade.m4a")),
    m(82, "note", "Photo of her notebook sketch of the model DAG (plan type -> engagement -> hazard).",
       "model,diagram", tier="perceptual", media=("image", "demo://maya/thesis/dag-sketch.jpg")),
    m(62, "outdated", "Thesis submission was originally planned for the end of the spring term; moved after the "
       "supervisor break.", "planning"),
    m(46, "note", "Found a 2021 paper on joint models for subscription churn; cite it in chapter 2.",
       "references,reading", "Zotero"),
    m(39, "note", "Posterior predictive checks look good for monthly plans but underpredict churn for annual plans in "
       "month 12.", "results,ppc", "PyMC"),
    m(28, "preference", "Likes getting a single next step at the end of each session.", "answer-style"),
    m(16, "note", "Chapter 4 figures: survival curves per scenario, bias and coverage tables.", "figures,chapter-4"),
    m(11, "note", "Maya asked to stop reminding her about the gym membership she cancelled.", "personal",
       privacy="private", forget=(10, "user asked to forget"), as_deleted=True),
    m(7, "fact", "The examiners will be Dr. Park and an external reader from the medical statistics group.",
       "examiners", "Dr. Helen Park"),
    m(130.5, "note", "Old plan was to use a Weibull baseline; kept only as a robustness check.", "modeling",
       forget=(90, "no longer relevant"), restore=(89, "restored: still useful as a robustness check")),
    m(166, "fact", "The MSc is part-time over three years; this is her final year.", "programme"),
    m(153, "note", "Key reference for the frailty chapter: Ibrahim, Chen and Sinha, Bayesian Survival Analysis.",
       "references,reading", "Zotero"),
    m(137, "note", "The posterior for the plan-type frailty variance is wide; more periods would help more than more "
       "customers.", "results,frailty"),
    m(124, "decision", "All diagnostics plots come from ArviZ and go to an appendix.", "diagnostics,figures",
       "ArviZ,PyMC"),
    m(113, "preference", "Wants LaTeX tables generated from code (pandas to_latex), never typed by hand.",
       "latex,reproducibility", "pandas,LaTeX"),
    m(106, "event", "Dr. Park approved the chapter 3 outline with two small changes.", "supervisor,chapter-3",
       "Dr. Helen Park", emotion=(0.4, 0.6)),
    m(98, "fact", "The department's thesis template requires 1.5 line spacing and Harvard referencing.",
       "format,template"),
    m(91, "mistake", "Forgot to set the random seed in the simulation runner; two pilot runs could not be "
       "reproduced.", "simulation,reproducibility"),
    m(67, "event", "Workbench quota ran out mid-simulation; 40 replications were lost.", "simulation,compute",
       "Vertex AI", emotion=(0.5, -0.5)),
    m(58, "note", "Coverage of the 95% intervals is 0.93 at 40% censoring; acceptable but worth discussing.",
       "results,simulation"),
    m(43, "learning_goal", "Learn to write a clear discussion chapter by reading three well-rated theses from the "
       "department.", "writing,learning"),
    m(25, "note", "Dr. Park suggested a short section on applying the method to real, messy churn data.",
       "chapter-6,supervisor", "Dr. Helen Park"),
    m(14.5, "event", "Chapter 3 came back with light comments; the model section is 'nearly there'.",
       "supervisor,feedback", "Dr. Helen Park", emotion=(0.55, 0.7)),
    m(5.5, "note", "Bias table: the frailty variance is underestimated by about 8% with 1,000 customers; fine at "
       "5,000.", "results,chapter-4"),
    m(1.2, "temporary", "The pilot simulation is finishing overnight; check the results in the morning.",
       "simulation", "Vertex AI"),
]

BLOCKS = [
    BlockSeed(180, "persona", "You are Maya's research and analytics assistant. Be concise, show code before prose.",
              "persona", priority=100),
    BlockSeed(110, "persona", "You are Maya's research and analytics assistant. Be concise, show code before prose, "
              "and end with one concrete next step.", "persona", priority=100),
    BlockSeed(78, "persona", "You are Maya's research and analytics assistant. Be concise, show code before prose, "
              "end with one concrete next step, and keep reading suggestions to two a week.", "persona", priority=100),
    BlockSeed(179, "human", "Maya Okafor, data scientist at Brightline, part-time MSc student. London.", "human",
              priority=90),
    BlockSeed(92, "human", "Maya Okafor, data scientist at Brightline (churn and retention), part-time MSc student "
              "writing a thesis on Bayesian survival models. Moved to Toronto.", "human", priority=90),
    BlockSeed(40, "human", "Maya Okafor, senior data scientist at Brightline (churn and retention), part-time MSc "
              "student writing a thesis on Bayesian survival models. Lives in Toronto; writes early mornings.",
              "human", priority=90),
    BlockSeed(177, "project-churn", "Churn model: LightGBM on BigQuery features, time-based split, PR-AUC.",
              "project", priority=50, project="churn-notebook"),
    BlockSeed(57, "project-churn", "Churn model v1 live in the weekly CRM sync (crm_staging.churn_scores). LightGBM, "
              "isotonic calibration, SHAP drivers for the retention squad.", "project", priority=50,
              project="churn-notebook"),
    BlockSeed(178, "project-thesis", "MSc thesis: Bayesian survival models for churn. Supervisor Dr. Helen Park.",
              "project", priority=50, project="thesis"),
    BlockSeed(60, "project-thesis", "MSc thesis: Bayesian survival models for churn, PyMC, synthetic data only. "
              "Chapters 1-3 drafted; chapter 4 simulation study in progress. Supervisor Dr. Helen Park.", "project",
              priority=50, project="thesis"),
]

STATES = [
    StateSeed(181, "name", "Maya Okafor"),
    StateSeed(181, "preferred_address", "Maya"),
    StateSeed(181, "timezone", "Europe/London"),
    StateSeed(93, "timezone", "America/Toronto"),
    StateSeed(181, "role", "Data Scientist"),
    StateSeed(42, "role", "Senior Data Scientist"),
    StateSeed(150, "nickname", "May"),
    StateSeed(65, "nickname", "Mo"),
    StateSeed(181, "pronouns", "she/her"),
]

C, T = "churn-notebook", "thesis"
RECALLS = [
    Recall(156, C, "How should I split the data to evaluate the churn model?"),
    Recall(133, C, "churn definition", "search"),
    Recall(97, C, "Prepare talking points for the growth leadership review of the churn model"),
    Recall(62, C, "What do I need to remember before handing the scores to the CRM team?"),
    Recall(29, C, "which features drive churn", "search"),
    Recall(7, C, "Help me recalibrate the annual-plan churn scores after the price change"),
    Recall(2, C, "Draft the one-page summary of churn drivers for Priya"),
    Recall(143, T, "How do I fix divergences in the PyMC frailty model?"),
    Recall(99, T, "What did Dr. Park ask for in chapter 3?"),
    Recall(50, T, "simulation study design", "search"),
    Recall(33, T, "Plan this week's thesis writing around the chapter 4 deadline"),
    Recall(3, T, "What's left before I send Dr. Park the chapter 4 outline?"),
]

MAYA = Person("demo-maya", "Maya Okafor", {"churn-notebook": CHURN, "thesis": THESIS}, BLOCKS, STATES,
              recalls=RECALLS, utc_offset=-5)
