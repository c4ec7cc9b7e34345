"""The topic-group vocabulary: which choices compete with each other (data, not logic).

A group lists interchangeable choices (frontend frameworks, clouds, themes, ...). In an
``exclusive`` group a new positive choice replaces the old one; in a non-exclusive group
(languages, OSes) choices coexist unless the text says one replaces the other. Ambiguous
words (``dark``, ``short``, ``Render``) count only when the sentence also has a context word.
Patterns are case-insensitive regular expressions unless wrapped in ``(?-i:...)``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TermSpec:
    display: str
    pattern: str
    needs_context: bool = False


@dataclass(frozen=True, slots=True)
class GroupSpec:
    name: str
    tag: str
    exclusive: bool
    terms: tuple[TermSpec, ...]
    context: str | None = None


def _t(display: str, pattern: str | None = None, ctx: bool = False) -> TermSpec:
    return TermSpec(display, pattern if pattern is not None else display.lower().replace(".", r"\.?"), ctx)


_DEPLOY_CTX = r"\b(?:deploy\w*|host\w*|cloud|servers?|infra\w*|prod\w*)\b"
_THEME_CTX = (r"\b(?:themes?|mode|ui|interface|backgrounds?|colou?r ?schemes?|palette|appearance|look|dashboards?|"
              r"design|styling|skin|editor|terminal|screens?|pages?|site|app)\b")
_STYLE_CTX = (r"\b(?:answers?|repl(?:y|ies)|responses?|respond|explanations?|explain|summar(?:y|ies)|format\w*|style|"
              r"write|writing|output|messages?|emails?|docs?|comments?|commit messages?)\b")
_REPLY_LANG_CTX = (r"\b(?:answers?|repl(?:y|ies)|respond|responses?|write (?:to|for) me|talk to me|speak to me|"
                   r"communicate|translat\w*|in (?:english|spanish|french|german))\b")

GROUPS: tuple[GroupSpec, ...] = (
    GroupSpec("frontend", "frontend", True, (
        _t("React", r"react(?:\.?js)?(?![- ]native)"), _t("Vue", r"vue(?:\.?js)?(?:\s*3)?"),
        _t("Angular", r"angular(?:\.?js)?"), _t("SvelteKit", r"svelte ?kit"), _t("Svelte", r"svelte"),
        _t("Next.js", r"next\.?js"), _t("Nuxt", r"nuxt(?:\.?js)?"), _t("Remix"), _t("Astro"),
        _t("SolidJS", r"solid\.?js|solid ?start"), _t("Ember", r"ember(?:\.?js)?"), _t("jQuery"), _t("Preact"),
        _t("Qwik"), _t("Gatsby"), _t("htmx"), _t("Alpine.js", r"alpine\.?js"), _t("Blazor"), _t("Streamlit"),
        _t("Gradio"), _t("Elm", r"(?-i:Elm)"),
    )),
    GroupSpec("backend", "backend", True, (
        _t("FastAPI", r"fast ?api"), _t("Flask"), _t("Django", r"django(?! orm)"),
        _t("Express", r"express\.?js|(?-i:Express)"), _t("NestJS", r"nest\.?js"),
        _t("Spring Boot", r"spring ?boot|(?-i:Spring)"), _t("Ruby on Rails", r"ruby on rails|rails"),
        _t("Laravel"), _t("ASP.NET", r"asp\.net(?: core)?|\.net core"), _t("Koa", r"koa(?:\.?js)?"),
        _t("Phoenix", r"(?-i:Phoenix)"), _t("Sinatra"), _t("Starlette"), _t("aiohttp"), _t("Fastify"),
        _t("Hono"), _t("Actix", r"actix(?:-web)?"), _t("Axum"), _t("Quarkus"), _t("Micronaut"),
        _t("Node.js", r"node\.?js|(?-i:Node)"), _t("Deno"), _t("Bun", r"bun"), _t("Firebase"),
        _t("Gin", r"(?-i:Gin)(?= framework| web|\b)", ctx=True), _t("Litestar"), _t("Tornado", r"(?-i:Tornado)"),
    ), context=r"\b(?:go|golang|framework|backend|api|server)\b"),
    GroupSpec("database", "database", True, (
        _t("PostgreSQL", r"postgres(?:ql)?|psql"), _t("MySQL"), _t("MariaDB"), _t("SQLite", r"sqlite3?"),
        _t("MongoDB", r"mongo(?:db)?"), _t("DynamoDB", r"dynamo(?:db)?"), _t("Cassandra"),
        _t("CockroachDB", r"cockroach(?:db)?"), _t("SQL Server", r"sql server|mssql"),
        _t("Oracle Database", r"oracle (?:db|database)"), _t("Neo4j"), _t("ClickHouse"), _t("DuckDB"),
        _t("CouchDB"), _t("Supabase", r"supabase(?! auth)"), _t("Firestore"), _t("PlanetScale"),
        _t("TimescaleDB", r"timescale(?:db)?"), _t("InfluxDB", r"influx(?:db)?"), _t("BigQuery"),
        _t("Redshift"), _t("Snowflake", r"(?-i:Snowflake)"),
    )),
    GroupSpec("cache", "cache", True, (_t("Redis"), _t("Memcached"), _t("Valkey"), _t("KeyDB"))),
    GroupSpec("vector-db", "database", True, (
        _t("pgvector"), _t("Pinecone"), _t("Qdrant"), _t("Weaviate"), _t("Milvus"), _t("Chroma", r"chroma(?:db)?"),
        _t("FAISS"), _t("LanceDB"),
    )),
    GroupSpec("search", "search", True, (
        _t("Elasticsearch", r"elastic ?search"), _t("OpenSearch"), _t("Meilisearch"), _t("Typesense"),
        _t("Algolia"), _t("Solr"),
    )),
    GroupSpec("cloud", "cloud", True, (
        _t("AWS", r"aws|amazon web services"), _t("GCP", r"gcp|google cloud(?: platform)?"),
        _t("Azure", r"(?:microsoft )?azure(?! pipelines| devops)"), _t("Alibaba Cloud", r"alibaba(?: cloud)?|aliyun"),
        _t("DigitalOcean", r"digital ?ocean"), _t("Heroku"), _t("Vercel"), _t("Netlify"), _t("Fly.io", r"fly\.io"),
        _t("Render", r"(?-i:Render)(?:\.com)?"), _t("Railway", r"(?-i:Railway)"),
        _t("Cloudflare", r"cloudflare(?: workers| pages)?"), _t("Linode"), _t("Hetzner"),
        _t("Oracle Cloud", r"oracle cloud|(?-i:OCI)"), _t("IBM Cloud"), _t("Tencent Cloud"), _t("Huawei Cloud"),
        _t("OVHcloud", r"ovh(?:cloud)?"), _t("Firebase Hosting"),
        _t("on-premises", r"on[- ]prem(?:ise|ises)?|self[- ]hosted|bare[- ]metal"),
    ), context=_DEPLOY_CTX),
    GroupSpec("ui-theme", "ui-theme", True, (
        _t("dark", r"dark(?:[- ]?(?:mode|theme|ui))?", ctx=True),
        _t("light", r"light(?:[- ]?(?:mode|theme|ui))?(?![- ]?weight)", ctx=True),
        _t("high contrast", r"high[- ]contrast", ctx=True), _t("system theme", r"system theme|auto theme"),
    ), context=_THEME_CTX),
    GroupSpec("package-manager-js", "package-manager", True, (
        _t("npm"), _t("pnpm"), _t("Yarn", r"yarn(?: berry| classic)?"), _t("Bun", r"bun"),
    )),
    GroupSpec("package-manager-py", "package-manager", True, (
        _t("pip", r"pip3?"), _t("Poetry"), _t("uv", r"(?-i:uv)"), _t("Conda", r"(?:ana|mini)?conda|mamba"),
        _t("Pipenv"), _t("PDM", r"(?-i:pdm|PDM)"), _t("Hatch", r"(?-i:Hatch|hatch)(?= |$)", ctx=True),
    ), context=r"\b(?:packag\w*|dependenc\w*|install\w*|deps|environment|venv|lock ?file)\b"),
    GroupSpec("language", "language", False, (
        _t("Python", r"python(?: ?3(?:\.\d+)?)?"), _t("JavaScript", r"javascript|(?-i:JS)"),
        _t("TypeScript", r"typescript|(?-i:TS)"), _t("Go", r"golang|(?-i:Go)"), _t("Rust"),
        _t("Java", r"java(?!\s*script)"), _t("Kotlin", r"kotlin(?! multiplatform)"), _t("Swift", r"swift(?!ui)"),
        _t("C#", r"c#|csharp|c sharp"), _t("C++", r"c\+\+|cpp"), _t("Ruby", r"ruby(?! on rails)"), _t("PHP"),
        _t("Scala"), _t("Elixir"), _t("Haskell"), _t("Dart"), _t("Lua"), _t("Julia", r"(?-i:Julia)", ctx=True),
        _t("Zig"), _t("Clojure"), _t("OCaml"), _t("Perl"), _t("Node.js", r"node\.?js|(?-i:Node)"),
    ), context=r"\b(?:language|write|written|writing|code|coding|program\w*|rewrite|port\w*|in)\b"),
    GroupSpec("editor", "editor", True, (
        _t("VS Code", r"vs ?code|visual studio code"), _t("Neovim", r"neovim|nvim"), _t("Vim"), _t("Emacs"),
        _t("JetBrains", r"jetbrains"), _t("PyCharm"), _t("IntelliJ", r"intellij(?: idea)?"), _t("WebStorm"),
        _t("GoLand"), _t("Sublime Text", r"sublime(?: text)?"), _t("Cursor", r"(?-i:Cursor)"),
        _t("Zed", r"(?-i:Zed)"), _t("Helix", r"(?-i:Helix)", ctx=True), _t("Xcode"), _t("Android Studio"),
        _t("Notepad++", r"notepad\+\+"), _t("Atom", r"(?-i:Atom)", ctx=True),
    ), context=r"\b(?:editor|ide|ides|code in|coding in|plugins?|extensions?|keybindings?)\b"),
    GroupSpec("os", "os", False, (
        _t("macOS", r"mac ?os(?: x)?|osx|macbook(?: pro| air)?"), _t("Windows", r"(?-i:Windows)(?: 1[01])?"),
        _t("Linux", r"linux(?! mint)"), _t("Ubuntu"), _t("Debian"), _t("Fedora"), _t("Arch Linux", r"arch linux"),
        _t("WSL", r"wsl2?"), _t("CentOS"), _t("NixOS"), _t("FreeBSD"), _t("ChromeOS", r"chrome ?os"),
    )),
    GroupSpec("shell", "shell", True, (
        _t("Bash"), _t("Zsh", r"zsh|oh[- ]my[- ]zsh"), _t("Fish", r"fish(?= shell)|(?-i:fish)(?= as)"),
        _t("PowerShell"), _t("Nushell"),
    )),
    GroupSpec("test-py", "testing", True, (_t("pytest"), _t("unittest"), _t("nose", r"nose2?"), _t("Ward", r"(?-i:ward)"))),
    GroupSpec("test-js", "testing", True, (_t("Jest"), _t("Vitest"), _t("Mocha"), _t("Jasmine"), _t("AVA", r"(?-i:AVA)"))),
    GroupSpec("test-e2e", "testing", True, (
        _t("Cypress"), _t("Playwright"), _t("Selenium"), _t("Puppeteer"), _t("WebdriverIO"),
    )),
    GroupSpec("test-other", "testing", False, (_t("JUnit"), _t("RSpec"), _t("PHPUnit"), _t("xUnit"), _t("NUnit"))),
    GroupSpec("ci", "ci", True, (
        _t("GitHub Actions", r"github actions|gh actions"), _t("GitLab CI", r"gitlab ci(?:/cd)?|gitlab pipelines"),
        _t("Jenkins"), _t("CircleCI", r"circle ?ci"), _t("Travis CI", r"travis(?: ci)?"), _t("Buildkite"),
        _t("Azure Pipelines", r"azure pipelines|azure devops"), _t("Bitbucket Pipelines"), _t("TeamCity"),
        _t("Drone CI", r"drone ci"), _t("Woodpecker"),
    )),
    GroupSpec("css", "css", True, (
        _t("Tailwind", r"tailwind(?: ?css)?"), _t("Bootstrap", r"bootstrap(?: ?\d)?"), _t("Bulma"),
        _t("Sass", r"sass|scss"), _t("styled-components", r"styled[- ]components"), _t("CSS Modules"),
        _t("Material UI", r"material[- ]ui|(?-i:MUI)"), _t("Chakra UI", r"chakra(?: ui)?"),
        _t("shadcn/ui", r"shadcn(?:/ui| ui)?"), _t("Ant Design", r"ant design|antd"),
        _t("plain CSS", r"(?:plain|vanilla|pure) css"),
    )),
    GroupSpec("orm", "orm", True, (
        _t("SQLAlchemy"), _t("Prisma"), _t("Django ORM"), _t("TypeORM"), _t("Sequelize"),
        _t("Drizzle", r"drizzle(?: orm)?"), _t("Mongoose"), _t("Peewee"), _t("Tortoise ORM"), _t("Hibernate"),
        _t("SQLModel"), _t("Knex", r"knex(?:\.?js)?"), _t("ActiveRecord", r"active ?record"),
    )),
    GroupSpec("bundler", "bundler", True, (
        _t("Vite"), _t("Webpack"), _t("Rollup"), _t("esbuild"), _t("Parcel", r"(?-i:Parcel)", ctx=True),
        _t("Turbopack"), _t("Rspack"),
    ), context=r"\b(?:bundl\w*|build\w*|frontend|tool\w*|dev server)\b"),
    GroupSpec("orchestration", "deployment", True, (
        _t("Kubernetes", r"kubernetes|k8s"), _t("Docker Compose", r"docker[- ]compose"),
        _t("Nomad", r"(?-i:Nomad)", ctx=True), _t("ECS", r"(?-i:ECS)|fargate"), _t("Docker Swarm"),
        _t("OpenShift"),
    ), context=_DEPLOY_CTX),
    GroupSpec("container", "docker", True, (
        _t("Docker", r"docker(?![- ]compose| swarm)"), _t("Podman"), _t("OrbStack"), _t("Colima"),
        _t("Rancher Desktop"),
    )),
    GroupSpec("iac", "infrastructure", True, (
        _t("Terraform"), _t("OpenTofu"), _t("Pulumi"), _t("CloudFormation"), _t("AWS CDK", r"aws cdk|(?-i:CDK)"),
        _t("Ansible"),
    )),
    GroupSpec("config-format", "config", True, (
        _t("YAML", r"ya?ml"), _t("TOML"), _t("JSON", r"(?-i:JSON)|json"), _t("INI", r"(?-i:INI)|\.ini"),
    ), context=r"\b(?:config\w*|settings|format|files?)\b"),
    GroupSpec("mobile", "mobile", True, (
        _t("React Native", r"react[- ]native"), _t("Flutter"), _t("SwiftUI"), _t("Jetpack Compose"), _t("Ionic"),
        _t("Xamarin"), _t(".NET MAUI", r"\.net maui|(?-i:MAUI)"), _t("Kotlin Multiplatform"),
    )),
    GroupSpec("state-management", "state-management", True, (
        _t("Redux", r"redux(?: toolkit)?"), _t("Zustand"), _t("MobX"), _t("Pinia"), _t("Vuex"), _t("Recoil"),
        _t("Jotai"), _t("XState"),
    )),
    GroupSpec("queue", "messaging", True, (
        _t("Kafka"), _t("RabbitMQ"), _t("SQS", r"(?-i:SQS)|amazon sqs"), _t("NATS", r"(?-i:NATS)"), _t("Celery"),
        _t("Sidekiq"), _t("BullMQ"), _t("Pub/Sub", r"pub/sub|pubsub"),
    )),
    GroupSpec("managed-kubernetes", "deployment", True, (
        _t("EKS", r"(?-i:EKS)"), _t("GKE", r"(?-i:GKE)"), _t("AKS", r"(?-i:AKS)"), _t("DOKS", r"(?-i:DOKS)"),
    )),
    GroupSpec("workflow-orchestration", "data", True, (
        _t("Airflow", r"(?:apache )?airflow|mwaa"), _t("Dagster"), _t("Prefect"), _t("Luigi", r"(?-i:Luigi)"),
        _t("Argo Workflows"), _t("Mage", r"(?-i:Mage)(?=\s+(?:ai|pipelines?))"), _t("Kestra"),
    )),
    GroupSpec("security-scanner", "security", True, (
        _t("Snyk"), _t("Trivy"), _t("Grype"), _t("Clair", r"(?-i:Clair)"), _t("Aqua", r"aqua security"),
        _t("Prisma Cloud"), _t("Anchore"),
    )),
    GroupSpec("camera", "camera", True, (
        _t("Canon", r"(?-i:Canon)"), _t("Nikon"), _t("Sony", r"(?-i:Sony)(?=\s+(?:a\d|alpha|camera|body|bodies|kit|"
        r"mirrorless|gear))"), _t("Fujifilm", r"fuji(?:film)?"), _t("Leica"), _t("Panasonic Lumix", r"lumix"),
        _t("Olympus", r"(?-i:Olympus)|om system"),
    )),
    GroupSpec("game-engine", "game-engine", True, (
        _t("Unity", r"(?-i:Unity)|unity(?=\s+(?:rn|engine|3d|editor|hub)\b)"), _t("Godot"), _t("Unreal", r"unreal(?: engine)?"), _t("GameMaker"), _t("Bevy"),
        _t("Defold"), _t("MonoGame"),
    )),
    GroupSpec("observability", "monitoring", True, (
        _t("Datadog"), _t("New Relic"), _t("Grafana Cloud"), _t("Honeycomb"), _t("Dynatrace"), _t("Splunk"),
        _t("Elastic APM"), _t("AppDynamics"),
    )),
    GroupSpec("card-payments", "payments", True, (
        _t("Square", ctx=True), _t("Toast", ctx=True), _t("Clover", ctx=True), _t("Tyro", ctx=True),
        _t("Lightspeed", ctx=True), _t("SumUp"), _t("Zettle", r"(?:paypal )?i?zettle"), _t("Zeller"),
        _t("Stripe Terminal"), _t("Shopify POS"),
    ), context=r"\b(?:cards?|payments?|pos|readers?|terminals?|till|checkout|contactless|fees)\b"),
    GroupSpec("team-chat", "team-chat", True, (
        _t("Slack"), _t("Microsoft Teams", r"(?:microsoft|ms) teams|(?-i:Teams)"), _t("Discord"), _t("Mattermost"),
        _t("Zulip"), _t("Google Chat"), _t("Rocket.Chat", r"rocket\.?chat"), _t("Element", r"(?-i:Element)"),
    )),
    GroupSpec("auth", "auth", True, (
        _t("Auth0"), _t("Clerk", r"(?-i:Clerk)"), _t("Keycloak"), _t("Cognito"), _t("Okta"),
        _t("NextAuth", r"next-?auth|auth\.js"), _t("Firebase Auth", r"firebase auth(?:entication)?"),
        _t("Supabase Auth"),
    )),
    GroupSpec("api-style", "api", True, (
        _t("REST", r"(?-i:REST)(?:ful)?|restful"), _t("GraphQL"), _t("gRPC"), _t("tRPC"), _t("SOAP", r"(?-i:SOAP)"),
    )),
    GroupSpec("vcs-host", "vcs", False, (
        _t("GitHub", r"github(?! actions)"), _t("GitLab", r"gitlab(?! ci| pipelines)"),
        _t("Bitbucket", r"bitbucket(?! pipelines)"),
    )),
    GroupSpec("llm", "llm", False, (
        _t("OpenAI", r"openai|chatgpt|gpt-?\d(?:\.\d)?(?:o|-?turbo|-?mini)?"), _t("Claude", r"claude|anthropic"),
        _t("Qwen", r"qwen[\d.]*"), _t("Llama", r"llama ?\d*(?:\.\d)?"), _t("Mistral"), _t("Gemini"),
        _t("DeepSeek"), _t("Ollama"),
    )),
    GroupSpec("answer-style", "answer-style", True, (
        _t("concise", r"short(?:er)?(?![\w-])|brief|concise|terse|succinct|to the point|one[- ]liners?|tl;?dr",
           ctx=True),
        _t("detailed", r"detailed|long(?:er)?(?![\w-])|verbose|in[- ]depth|thorough|elaborate|step[- ]by[- ]step|"
                       r"comprehensive|exhaustive", ctx=True),
    ), context=_STYLE_CTX),
    GroupSpec("reply-language", "language", True, tuple(
        _t(name, ctx=True) for name in ("English", "Spanish", "French", "German", "Chinese", "Japanese", "Korean",
                                        "Portuguese", "Italian", "Russian", "Arabic", "Hindi", "Dutch", "Polish",
                                        "Turkish", "Vietnamese", "Indonesian", "Swedish", "Mandarin")
    ), context=_REPLY_LANG_CTX),
    GroupSpec("indentation", "code-style", True, (
        _t("tabs", r"tabs?", ctx=True), _t("2 spaces", r"(?:2|two)[- ]spaces?", ctx=True),
        _t("4 spaces", r"(?:4|four)[- ]spaces?", ctx=True), _t("spaces", r"spaces", ctx=True),
    ), context=r"\b(?:indent\w*|tabs?|spaces)\b"),
    GroupSpec("formatter", "code-style", False, (
        _t("Black", r"(?-i:Black)|black formatter", ctx=True), _t("Ruff"), _t("Prettier"), _t("Biome"),
        _t("autopep8"), _t("YAPF"),
    ), context=r"\b(?:format\w*|lint\w*|style)\b"),
    GroupSpec("units", "units", True, (
        _t("metric", r"metric(?: units| system)?"), _t("imperial", r"imperial(?: units| system)?"),
    )),
    GroupSpec("temperature-unit", "units", True, (_t("Celsius"), _t("Fahrenheit"))),
    GroupSpec("battery-chemistry", "batteries", False, (
        _t("lead-acid", r"lead[- ]acid"), _t("AGM", r"(?-i:AGM)"), _t("gel", r"gel(?= (?:batter|cell))"),
        _t("LiFePO4", r"lifepo4|lfp|lithium[- ]iron[- ]phosphate"), _t("lithium-ion", r"lithium[- ]ion|li[- ]ion"),
        _t("NiMH", r"nimh"), _t("NiCd", r"nicd|nicad"),
    ), context=r"\b(?:batter(?:y|ies)|cells?|bank|storage|solar|inverter)\b"),
    GroupSpec("pet-food", "pet-food", False, (
        _t("Royal Canin"), _t("Hill's", r"hill'?s(?= (?:science|prescription|[a-z]/d))|hill'?s science(?: plan| diet)?"),
        _t("Purina", r"purina(?: pro plan| one)?"), _t("Iams"), _t("Whiskas"), _t("Felix", r"(?-i:Felix)(?= (?:pouches|food))"),
        _t("Sheba"), _t("Orijen"), _t("Acana"), _t("Blue Buffalo"), _t("Pedigree", r"pedigree(?= (?:food|biscuits|kibble))"),
        _t("Eukanuba"), _t("James Wellbeloved"), _t("Applaws"), _t("Lily's Kitchen", r"lily'?s kitchen"),
    ), context=r"\b(?:cats?|dogs?|kittens?|pupp(?:y|ies)|food|kibble|diet|renal|vet|pouches|tins|biscuits)\b"),
    GroupSpec("dna-test", "dna-test", True, (
        _t("AncestryDNA", r"ancestry ?dna"), _t("MyHeritage", r"my ?heritage(?: dna)?"), _t("23andMe", r"23 ?and ?me"),
        _t("FamilyTreeDNA", r"family ?tree ?dna|ftdna"), _t("Living DNA", r"living ?dna"),
    ), context=r"\b(?:dna|kits?|tests?|ancestry|genealogy|matches|heritage)\b"),
    GroupSpec("diet", "diet", False, (
        _t("vegetarian"), _t("vegan"), _t("pescatarian"), _t("keto"), _t("gluten-free", r"gluten[- ]free"),
        _t("halal"), _t("kosher"),
    )),
)
