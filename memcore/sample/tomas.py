"""Tomás Reyes: a backend developer on a payments API at work and a home-automation hobby project."""

from __future__ import annotations

from .seeds import BlockSeed, Person, Recall, Seed, StateSeed, WrongSupersession, m

PAYMENTS: list[Seed] = [
    m(182, "project", "payments-api: Kestrel Pay's service for card payments, refunds and payouts; wraps Stripe and "
       "Adyen behind one internal API.", "payments,scope", "Kestrel Pay,Stripe,Adyen", importance=0.9, pin=181,
       summary="Kestrel Pay payments service over Stripe and Adyen"),
    m(181, "fact", "Tomás owns the refunds and webhooks modules; Dana owns payouts.", "ownership", "Dana"),
    m(180, "fact", "The service handles about 40k payment intents a day, with peaks on the 1st and 15th of the "
       "month.", "traffic,metrics"),
    # -- chains: database, backend, cloud, package manager --------------------------------------------
    m(179, "fact", "We use MySQL 5.7 for the payments database.", "database", "MySQL", chain="database"),
    m(121, "decision", "We switched from MySQL to PostgreSQL 15 for the payments database; migration done with "
       "pgloader over a weekend.", "database,migration", "PostgreSQL,MySQL,pgloader", chain="database",
       importance=0.85, reason="MySQL 5.7 end of life; moved to PostgreSQL"),
    m(178, "fact", "The API is a Flask app with marshmallow schemas.", "backend,framework", "Flask,marshmallow",
       chain="backend"),
    m(99, "decision", "Rewrote the public endpoints in FastAPI with pydantic models instead of Flask; Flask stays "
       "only for the admin pages until they are ported.", "backend,framework", "FastAPI,pydantic,Flask",
       chain="backend", reason="switch from Flask to FastAPI for async webhooks and typed schemas"),
    m(177, "fact", "The service runs on Heroku with two performance-M dynos.", "hosting", "Heroku", chain="cloud"),
    m(85, "decision", "Moved hosting from Heroku to AWS ECS on Fargate in eu-west-1, behind an ALB.",
       "hosting,aws", "AWS,ECS,Fargate", chain="cloud", importance=0.8,
       reason="PCI scope and cost; moved from Heroku to AWS"),
    m(176, "fact", "Dependencies are managed with pipenv.", "dependencies", "pipenv", chain="package-manager"),
    m(140, "decision", "Switched from pipenv to poetry; lock resolution in pipenv took over ten minutes in CI.",
       "dependencies,ci", "poetry,pipenv", chain="package-manager", reason="pipenv lock too slow in CI"),
    m(33, "decision", "Moved from poetry to uv for the payments repo; `uv lock` in CI and a uv-based Docker image.",
       "dependencies,ci,docker", "uv,poetry", chain="package-manager", reason="no longer using poetry; uv is faster"),
    # -- constraints and critical ------------------------------------------------------------------------
    m(175, "critical", "Never log full card numbers (PAN) or CVC, not even in debug mode; the logger masks anything "
       "matching a card pattern and tests enforce it.", "pci,logging,security", "PCI DSS"),
    m(174, "constraint", "All money amounts are integers in minor units (cents) with an ISO 4217 currency code; "
       "never floats.", "money,types", importance=0.9, pin=170),
    m(173, "constraint", "Every POST that moves money must accept an Idempotency-Key header and be safe to retry.",
       "idempotency,api", importance=0.9),
    m(171, "constraint", "Changes to the refunds flow need review from a second payments engineer.", "review,process",
       "Dana"),
    m(169, "constraint", "Database migrations must be backward compatible for one release (expand, then contract).",
       "database,migrations", "PostgreSQL,Alembic"),
    m(90, "constraint", "Production access only through the break-glass role, and every use is audited.",
       "security,access", "AWS"),
    # -- decisions ---------------------------------------------------------------------------------------
    m(168, "decision", "Webhooks from Stripe and Adyen are stored first, then processed by a worker; the endpoint "
       "only verifies the signature and returns 200.", "webhooks,architecture", "Stripe,Adyen", importance=0.8),
    m(160, "decision", "Use Alembic for schema migrations, one migration per pull request.", "migrations",
       "Alembic"),
    m(154, "decision", "Refund state machine: requested -> submitted -> succeeded | failed; no other transitions.",
       "refunds,state-machine", importance=0.75),
    m(120, "decision", "Use SQS for the webhook worker queue instead of Redis lists.", "queue,webhooks", "SQS,Redis"),
    m(96, "decision", "Structured JSON logs with a request_id on every line; Datadog parses them.", "logging",
       "Datadog"),
    m(72, "decision", "Use the outbox pattern for ledger events so a payment and its ledger entry commit together.",
       "ledger,architecture", "PostgreSQL"),
    # -- mistakes ----------------------------------------------------------------------------------------
    m(150, "mistake", "Retried an Adyen capture without the idempotency key and double-captured 14 payments; all "
       "refunded the same day. Always pass the key on retries.", "incident,idempotency", "Adyen",
       importance=0.9, emotion=(0.85, -0.8)),
    m(130, "mistake", "Used float for an FX conversion in a test helper and got a one-cent rounding diff; use "
       "Decimal with ROUND_HALF_EVEN.", "money,rounding"),
    m(109, "mistake", "Forgot the expand/contract rule and dropped a column the old release still read; 6 minutes of "
       "500s on /v1/refunds.", "incident,migrations", "Alembic", emotion=(0.7, -0.7)),
    m(64, "mistake", "The ECS health check hit /health, which checks the database, so a slow DB restarted every task. "
       "Use /live for liveness.", "aws,health-checks", "ECS", importance=0.7),
    m(25, "mistake", "Merged a webhook change without updating the Stripe API version pin; events arrived with new "
       "fields and the parser rejected them.", "webhooks,stripe", "Stripe"),
    # -- deadlines ---------------------------------------------------------------------------------------
    m(135, "deadline", "PCI DSS self-assessment questionnaire due.", "pci,compliance", "PCI DSS", due=-105),
    m(92, "deadline", "Heroku to AWS cutover window (Saturday night).", "migration,aws", "AWS,Heroku", due=-84),
    m(41, "deadline", "Adyen API v68 deprecation: move to v71.", "adyen,deprecation", "Adyen", due=-3),
    m(18, "deadline", "Partial refunds feature due for the marketplace launch.", "refunds,launch", due=12),
    m(7, "deadline", "Quarterly disaster-recovery drill.", "dr,ops", "AWS", due=23),
    # -- events ------------------------------------------------------------------------------------------
    m(122, "event", "Database migration weekend: PostgreSQL cutover finished in 3h40, 20 minutes over plan.",
       "database,migration", "PostgreSQL", emotion=(0.6, 0.5)),
    m(84, "event", "AWS cutover done; p95 latency went from 210 ms to 140 ms.", "aws,performance", "AWS",
       importance=0.7, emotion=(0.6, 0.7)),
    m(59, "event", "Postmortem for the health-check restarts; action items: split liveness and readiness, add a DB "
       "timeout.", "postmortem", "ECS"),
    m(37, "event", "Dana joined refunds reviews; pairing on the partial refund design.", "pairing,refunds", "Dana"),
    m(14, "event", "Marketplace team asked for split payouts; parked until after partial refunds.", "payouts,request",
       "Dana"),
    # -- preferences -------------------------------------------------------------------------------------
    m(167, "preference", "Prefers small pull requests (under 400 lines) and reviews them within the same day.",
       "code-review"),
    m(166, "preference", "Wants examples in Python with type hints and pytest, not unittest.", "python,testing",
       "pytest"),
    m(116, "preference", "Likes sequence diagrams in Mermaid for any flow with more than two services.",
       "docs,diagrams", "Mermaid"),
    m(58, "preference", "Prefers httpx over requests in new code.", "python,http", "httpx,requests"),
    # -- learning goals, tasks, temporaries ------------------------------------------------------------------
    m(100, "learning_goal", "Learn PostgreSQL query planning well enough to read EXPLAIN ANALYZE without guessing.",
       "postgres,learning", "PostgreSQL"),
    m(55, "learning_goal", "Get comfortable with Terraform so infra changes stop going through the ops queue.",
       "terraform,learning", "Terraform,AWS"),
    m(11, "task", "Add a partial index on refunds(status) where status = 'submitted'.", "postgres,performance",
       "PostgreSQL"),
    m(6, "task", "Write the Alembic migration for refund_items (expand step only).", "migrations,refunds", "Alembic"),
    m(4, "task", "Port the last admin pages from Flask to FastAPI.", "backend", "Flask,FastAPI"),
    m(1, "task", "Update the Stripe API version pin and re-record the webhook fixtures.", "stripe,tests", "Stripe"),
    m(0.3, "temporary", "Staging is down for the RDS upgrade until this evening; test against local Docker.",
       "staging", "RDS"),
    m(0.05, "temporary", "He's on call this week; keep suggestions low-risk.", "on-call"),
    m(21, "temporary", "Adyen sandbox returning 503s today; mock it in tests.", "adyen,sandbox", "Adyen"),
    m(66, "temporary", "CI runners are slow today; skip the full integration suite locally.", "ci"),
    # -- perceptual --------------------------------------------------------------------------------------
    m(153, "note", "Sequence diagram of the refund flow (API -> worker -> PSP -> webhook -> ledger).",
       "refunds,diagram", "Stripe,Adyen", tier="perceptual", media=("image", "demo://tomas/payments/refund-flow.png")),
    m(57, "note", "Screenshot of the Datadog dashboard during the health-check incident: tasks cycling every 90 "
       "seconds.", "incident,dashboard", "Datadog", tier="perceptual",
       media=("image", "demo://tomas/payments/datadog-restarts.png")),
    # -- notes and outdated ---------------------------------------------------------------------------------
    m(145, "note", "Stripe webhooks can arrive out of order; compare the event's created time before applying.",
       "webhooks,ordering", "Stripe", promote=100),
    m(125, "outdated", "Old runbook said to restart the Heroku dynos when the queue backs up; not applicable on ECS.",
       "runbook", "Heroku"),
    m(118, "note", "pgloader converted MySQL tinyint(1) to boolean automatically; good.", "database,migration",
       "pgloader"),
    m(80, "note", "Refunds older than 180 days must go through the manual bank transfer path.", "refunds,rules",
       edit=(70, {"content": "Card refunds older than 180 days (Stripe) or 365 days (Adyen) go through the manual "
                             "bank transfer path."}, "corrected the Adyen limit")),
    m(44, "note", "Tip from Dana: use SELECT ... FOR UPDATE SKIP LOCKED for the outbox poller.", "postgres,outbox",
       "Dana,PostgreSQL"),
    m(29, "note", "Tomás mentioned his salary review is next month and he's nervous about it.", "personal",
       privacy="sensitive", emotion=(0.6, -0.3), forget=(27, "user asked to forget: private"), as_deleted=True),
    m(24, "fact", "The marketplace launch is the biggest payments change this year; finance wants daily "
       "reconciliation reports.", "launch,finance"),
    m(19, "note", "Reconciliation query takes 40 s on the full ledger; needs the (merchant_id, booked_at) index.",
       "postgres,performance", "PostgreSQL"),
    m(102, "note", "Keep the Flask admin on a separate ALB target group until it is ported.", "backend,aws",
       archive=35, importance=0.25),
    m(158, "fact", "Chargebacks belong to the risk team; the API only records dispute webhooks.",
       "disputes,ownership"),
    m(113, "note", "Adyen sends notification webhooks in batches; process each item independently and ack the "
       "batch.", "webhooks,adyen", "Adyen"),
    m(76, "preference", "Wants error responses in RFC 7807 problem+json format.", "api,errors", "RFC 7807"),
    m(49, "event", "Load test: 400 payment intents per second before the database connection pool saturated.",
       "performance,load-test", "PostgreSQL,k6"),
]

HOME: list[Seed] = [
    m(183, "project", "Home automation: Home Assistant running the lights, heating, garage door and the greenhouse "
       "sensors at home.", "home-assistant,scope", "Home Assistant", importance=0.8, pin=180,
       summary="Home Assistant: lights, heating, garage, greenhouse"),
    m(182.5, "fact", "Home Assistant runs on a Raspberry Pi 3 with an SD card.", "hardware", "Raspberry Pi",
       chain="hardware"),
    m(106, "decision", "Moved Home Assistant from the Raspberry Pi to an Intel NUC running Proxmox; the SD card "
       "corrupted twice.", "hardware", "Intel NUC,Proxmox", chain="hardware", reason="SD card corruption"),
    m(181.5, "fact", "History is kept in the default SQLite recorder database.", "database,history",
       "SQLite,Home Assistant", chain="database"),
    m(78, "decision", "Switched the recorder from SQLite to MariaDB and send long-term sensor history to InfluxDB.",
       "database,history", "MariaDB,InfluxDB", chain="database", reason="SQLite recorder grew to 9 GB and got slow"),
    m(178.5, "preference", "Uses the auto-generated Lovelace dashboard.", "dashboard,frontend", "Lovelace",
       chain="frontend"),
    m(63, "decision", "Replaced the auto-generated dashboard with a custom one built from Mushroom cards, one view "
       "per room.", "dashboard,frontend", "Mushroom,Lovelace", chain="frontend",
       reason="auto-generated dashboard too cluttered"),
    m(176.5, "fact", "Zigbee devices use a ConBee II coordinator with deCONZ.", "zigbee,hardware", "ConBee II,deCONZ",
       key="conbee"),
    m(61, "fact", "Added an Aeotec Z-Stick 7 for the two Z-Wave door locks.", "zwave,hardware",
       "Aeotec Z-Stick 7", key="zstick"),
    m(175.5, "preference", "Wants all automations written in YAML in the git repo, not in the UI editor.",
       "automations,git", "Home Assistant", importance=0.7),
    m(172, "constraint", "The garage door must never open automatically; only with a confirmed tap on the phone.",
       "garage,safety", importance=0.95, critical=True),
    m(170.5, "constraint", "No cloud-dependent integrations for locks or heating; everything must work offline.",
       "local-first,security", importance=0.85),
    m(165.5, "fact", "The greenhouse has two soil-moisture sensors and a temperature sensor on Zigbee.",
       "greenhouse,sensors", "Zigbee"),
    m(160.5, "decision", "Greenhouse watering runs when soil moisture drops below 30% and it's between 6 and 9 am.",
       "greenhouse,automation", importance=0.65),
    m(151, "mistake", "An automation triggered on 'unavailable' sensor state and watered the greenhouse at 3 am; "
       "add a condition that the state is numeric.", "greenhouse,automation", emotion=(0.4, -0.3)),
    m(133, "mistake", "Updated Home Assistant without reading breaking changes; the MQTT integration config format "
       "changed and the heating stopped.", "updates,mqtt", "MQTT", importance=0.75, emotion=(0.7, -0.7)),
    m(97, "mistake", "Restored a Proxmox backup over the live VM by accident and lost a day of history.",
       "backup,proxmox", "Proxmox"),
    m(146, "event", "Heating schedule worked through the first cold week; gas use down about 12% vs last year.",
       "heating,result", "tado", emotion=(0.5, 0.7)),
    m(105, "event", "Migration to the NUC took an evening; all Zigbee devices came back without re-pairing.",
       "migration,hardware", "Intel NUC", emotion=(0.5, 0.6)),
    m(42, "event", "Power cut for two hours; the UPS kept the NUC and router up.", "power,ups"),
    m(157, "learning_goal", "Learn ESPHome to build his own sensors for the shed.", "esphome,learning", "ESPHome"),
    m(88, "learning_goal", "Understand MQTT retained messages and QoS properly.", "mqtt,learning", "MQTT"),
    m(128, "deadline", "Return window for the faulty Zigbee motion sensor.", "purchase,return", due=-98),
    m(50, "deadline", "Winter heating schedule must be in place before the boiler service visit.", "heating",
       due=-20),
    m(17, "deadline", "Order the replacement UPS battery before the warranty ends.", "ups,purchase", due=16),
    m(13, "task", "Write an ESPHome config for the shed temperature sensor.", "esphome", "ESPHome"),
    m(8.5, "task", "Add a notification when the garage door has been open for more than 10 minutes.", "garage",
       "Home Assistant"),
    m(2.5, "task", "Move the remaining UI-made automations into YAML.", "automations,git"),
    m(0.25, "temporary", "Heating is in manual mode today while the plumber bleeds the radiators.", "heating"),
    m(35, "temporary", "Guests staying this week; disable the hallway motion lights at night.", "lights,guests",
       privacy="private"),
    m(142, "preference", "Likes automations to announce on the kitchen speaker only between 8 am and 9 pm.",
       "notifications,speaker"),
    m(116.5, "preference", "Dark theme on every dashboard.", "dashboard,theme"),
    m(137, "note", "Photo of the breaker panel with the circuit labels he wrote.", "electrical,reference",
       tier="perceptual", media=("image", "demo://tomas/home/breaker-panel.jpg")),
    m(45, "note", "Voice note: the shed sensor should also report the battery voltage.", "esphome,idea",
       tier="perceptual", media=("audio", "demo://tomas/home/voice-note-shed.m4a")),
    m(110, "outdated", "Old Zigbee channel was 11; moved to 25 to avoid the Wi-Fi overlap.", "zigbee,wifi"),
    m(94, "note", "The front-door lock reports battery in 10% steps only.", "zwave,locks", archive=30,
       importance=0.2),
    m(70, "note", "Neighbour's kids set off the driveway motion light; raise the sensitivity threshold.",
       "lights,motion"),
    m(53, "fact", "The household: Tomás, his partner Lucía and their cat Miso.", "household", "Lucía,Miso",
       privacy="private"),
    m(40, "note", "Lucía wants the bedroom lights to dim slowly at 22:30 on weeknights.", "lights,bedroom", "Lucía",
       privacy="private"),
    m(23, "note", "InfluxDB retention: 2 years for climate sensors, 30 days for power.", "influxdb,retention",
       "InfluxDB"),
    m(9.5, "note", "Idea: use the greenhouse humidity to warn about mould risk.", "greenhouse,idea"),
    m(15.5, "note", "Lucía's work schedule changed to night shifts for a month.", "household", "Lucía",
       privacy="private", forget=(14, "user asked to forget: not his to share")),
    m(180.5, "fact", "Lights are mostly IKEA Tradfri bulbs plus two Hue strips in the living room.",
       "lights,hardware", "IKEA Tradfri,Philips Hue"),
    m(178, "fact", "Heating runs on tado thermostats through the local HomeKit bridge.", "heating,hardware",
       "tado,HomeKit"),
    m(174, "decision", "Automation configs live in a private GitHub repo and are deployed with a git pull on the "
       "server.", "git,deploy", "GitHub"),
    m(168.5, "note", "The garage door uses a Shelly 1 relay with a reed switch for the open/closed state.",
       "garage,hardware", "Shelly"),
    m(162, "preference", "Wants every automation to have an alias and a description.", "automations,style"),
    m(155, "event", "The garage reed switch reported 'open' all night after rain; moved it under the lip.",
       "garage,sensors", emotion=(0.4, -0.3)),
    m(147.5, "note", "Washing machine plug: notify when power stays under 5 W for 3 minutes.",
       "power,notifications", "Shelly"),
    m(139, "fact", "IoT devices sit on their own VLAN with no internet access except through the NUC.",
       "network,security", privacy="private"),
    m(126, "decision", "Backups: nightly Proxmox snapshot to the NAS plus a weekly offsite copy.", "backup",
       "Proxmox,NAS", importance=0.75),
    m(119, "mistake", "Plugged the Zigbee stick right next to a USB 3 port; interference dropped half the devices. "
       "Use a USB extension cable.", "zigbee,interference", "ConBee II", importance=0.7),
    m(113, "constraint", "Lucía must be able to override everything with the wall switches; smart features never "
       "block manual control.", "household,usability", "Lucía", importance=0.85),
    m(101, "note", "Considered Zigbee2MQTT to replace deCONZ; staying on deCONZ for now.", "zigbee",
       "Zigbee2MQTT,deCONZ"),
    m(89, "event", "Miso set off the hallway motion sensor 40 times in one night; swapped in a pet-immune sensor.",
       "motion,pets", "Miso", emotion=(0.3, 0.4)),
    m(82, "fact", "The electricity tariff has a cheap window from midnight to 6 am.", "energy,tariff"),
    m(76, "decision", "Dishwasher and washing machine start in the cheap tariff window when set to 'eco later'.",
       "energy,automation"),
    m(68, "note", "Screenshot of the energy dashboard: shifting to the cheap window cut the bill by about 9%.",
       "energy,dashboard", tier="perceptual", media=("image", "demo://tomas/home/energy-dashboard.png")),
    m(48, "deadline", "Boiler service visit.", "heating,maintenance", due=-19),
    m(31, "note", "The next Home Assistant upgrade waits until the MQTT breaking changes are documented.",
       "updates,mqtt", "MQTT"),
    m(26, "event", "Greenhouse watering ran all month without a false trigger.", "greenhouse,result",
       emotion=(0.4, 0.6)),
    m(11.5, "temporary", "The NUC is on the bench for a RAM upgrade this evening; automations are offline.",
       "hardware", "Intel NUC"),
    m(4.5, "note", "The shed sensor prototype reads 2 degrees higher than the greenhouse one; check calibration.",
       "esphome,sensors", "ESPHome"),
    m(1.8, "task", "Label the new breaker in the panel photo after the electrician's visit.", "electrical"),
    m(0.8, "temporary", "Lucía is working from home today; don't run the robot vacuum automation.", "household",
       "Lucía", privacy="private"),
]

BLOCKS = [
    BlockSeed(183, "persona", "You are Tomás's pair programmer. Python first, concise, no hand-waving about money.",
              "persona", priority=100),
    BlockSeed(140, "persona", "You are Tomás's pair programmer. Python with type hints and pytest, concise; money in "
              "integer minor units; always mention idempotency for money-moving calls.", "persona", priority=100),
    BlockSeed(183, "human", "Tomas Reyes, backend engineer at Kestrel Pay. Mexico City.", "human", priority=90),
    BlockSeed(130, "human", "Tomás Reyes, backend engineer at Kestrel Pay (refunds, webhooks). Lives in Mexico City "
              "with Lucía and their cat Miso. Tinkers with Home Assistant.", "human", priority=90),
    BlockSeed(45, "human", "Tomás Reyes, tech lead for payments at Kestrel Pay (refunds, webhooks, payouts). Lives "
              "in Mexico City with Lucía and their cat Miso. Tinkers with Home Assistant.", "human", priority=90),
    BlockSeed(181, "project-payments", "payments-api: Flask on Heroku, MySQL 5.7, Stripe and Adyen.", "project",
              priority=50, project="payments-api"),
    BlockSeed(120, "project-payments", "payments-api: Flask on Heroku, PostgreSQL 15, Stripe and Adyen, SQS webhook "
              "worker.", "project", priority=50, project="payments-api"),
    BlockSeed(83, "project-payments", "payments-api: FastAPI on AWS ECS Fargate, PostgreSQL 15, Stripe and Adyen, "
              "SQS webhook worker, outbox for ledger events.", "project", priority=50, project="payments-api"),
    BlockSeed(182, "project-home", "Home Assistant on a Raspberry Pi 3; Zigbee via ConBee II.", "project",
              priority=40, project="home-automation"),
    BlockSeed(77, "project-home", "Home Assistant on an Intel NUC (Proxmox); Zigbee via ConBee II, Z-Wave via "
              "Z-Stick 7; MariaDB recorder, InfluxDB history; automations in YAML.", "project", priority=40,
              project="home-automation"),
]

STATES = [
    StateSeed(184, "name", "Tomas Reyes"),
    StateSeed(131, "name", "Tomás Reyes"),
    StateSeed(184, "preferred_address", "Tom"),
    StateSeed(131, "preferred_address", "Tomás"),
    StateSeed(184, "timezone", "America/Mexico_City"),
    StateSeed(184, "role", "Backend Engineer"),
    StateSeed(46, "role", "Tech Lead, Payments"),
    StateSeed(160, "nickname", "Tomi"),
    StateSeed(184, "pronouns", "he/him"),
]

P, H = "payments-api", "home-automation"
RECALLS = [
    Recall(149, P, "Why did we double-capture Adyen payments and how do retries work now?"),
    Recall(119, P, "Which database do we use for payments and how do migrations work?"),
    Recall(83, P, "idempotency key", "search"),
    Recall(58, P, "Write the postmortem for the ECS health-check restarts"),
    Recall(15, P, "Design partial refunds for the marketplace launch"),
    Recall(5, P, "Review my Alembic migration for refund_items"),
    Recall(150, H, "Why did the greenhouse get watered at 3 am?"),
    Recall(104, H, "What do I need to move Home Assistant to the NUC?"),
    Recall(40, H, "garage door automation", "search"),
    Recall(8, H, "Write the garage door open-too-long notification"),
]

WRONG = [
    WrongSupersession("home-automation", "conbee", "zstick", 60.9, 60.5,
                      "'hardware': the Z-Stick 7 looked like a replacement for the ConBee II",
                      "wrong: both sticks are in use (ConBee II for Zigbee, Z-Stick 7 for Z-Wave)"),
]

TOMAS = Person("demo-tomas", "Tomás Reyes", {"payments-api": PAYMENTS, "home-automation": HOME}, BLOCKS, STATES,
               WRONG, RECALLS, utc_offset=-6)
