#!/usr/bin/env python3
"""The dev overlay's pods as `docker run` command lines, and the check that running containers match it.

scripts/containers renders deploy/k8s/overlays/dev with `kubectl kustomize` and hands the YAML here, so every
container gets what its Deployment gives its pod: the ConfigMap's and the Deployment's environment (valueFrom
resolved: secretKeyRef from the suite's secrets, fieldRef metadata.name as the container name), the memory
limit, the user, a read-only root filesystem, no capabilities, no privilege escalation, and each volume at its
mount path (emptyDir: a fresh host directory per container, or a tmpfs of its sizeLimit where the overlay makes it
memory-backed; a PersistentVolumeClaim: the host directory --claims DIR/<claim name>, kept across containers).

What differs from a cluster is declared in OVERRIDABLE (Service names become host addresses) and in the additions
the suite passes with --add (values a cluster's Secret would hold: the stub model's address and key), which go to
the containers that read the optional Secret; `verify` fails on any other difference between a running container
and the overlay.

  containers.py run-args OVERLAY.yaml NAME --volumes DIR --claims DIR --secrets DIR [--secret K=V]... [--add K=V]...
                                               [--override K=V]... [--tamper K=V]... [--seccomp-dir DIR]
      one `docker run` argument per line (without `docker run` and the image's arguments)
  containers.py deployments OVERLAY.yaml       NAME IMAGE PORT READY LIVE METRICS_PORT METRICS_PATH per line (PORT: the
                                               readiness probe's port, READY/LIVE its probes' paths; the scrape
                                               annotations' port and path)
  containers.py port OVERLAY.yaml NAME PORT    the containerPort named PORT of the Deployment NAME
  containers.py empty-dirs OVERLAY.yaml NAME   the pod's disk-backed emptyDir volume names, one per line
  containers.py claims OVERLAY.yaml            every PersistentVolumeClaim the Deployments mount, one per line
  containers.py verify OVERLAY.yaml INSPECT.json [--secret K=V]... [--add K=V]... [--override K=V]...
      INSPECT.json: `docker inspect` of the running containers; exit 1 naming every difference
"""
import json
import sys

import yaml

# Keys the overlay sets whose value on one machine must differ, and why.
OVERRIDABLE = {
    # the Strimzi Service name resolves only in the cluster; here the broker container listens on the host
    "PO_KAFKA_BOOTSTRAP_SERVERS",
    # the cluster's listener is TLS with SCRAM users and ACLs (Strimzi); `po broker` here listens in plain text on
    # 127.0.0.1, so the clients' protocol is the one value of the Kafka security settings that must differ (the
    # users' ACLs are KafkaUserAclTest's, SCRAM over a real listener SecuredClusterIT's)
    "PO_KAFKA_PROPERTIES_SECURITY_PROTOCOL",
    # likewise the s3proxy Service: here its container listens on the host, on the port the overlay gives it
    "PO_BLOB_S3_ENDPOINT",
    # and the schema registry's Service
    "PO_SCHEMA_REGISTRY_URL",
}
# What the images themselves set (deploy/images/build-base.sh, Jib): allowed beside the overlay's keys.
IMAGE_KEYS = {"PATH", "JAVA_HOME", "LANG", "HOME"}
UID = 65532
PREFIX = "po-"


def load(path):
    docs = [d for d in yaml.safe_load_all(open(path)) if d]
    config_maps = {d["metadata"]["name"]: d.get("data") or {} for d in docs if d["kind"] == "ConfigMap"}
    deployments = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Deployment"}
    return config_maps, deployments


def pairs(values):
    out = {}
    for v in values:
        key, _, value = v.partition("=")
        out[key] = value
    return out


def options(argv):
    opts = {"--secret": [], "--add": [], "--override": [], "--tamper": [], "--volumes": None, "--claims": None,
            "--secrets": None, "--seccomp-dir": None}
    rest = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in opts:
            if isinstance(opts[a], list):
                opts[a].append(argv[i + 1])
            else:
                opts[a] = argv[i + 1]
            i += 2
        else:
            rest.append(a)
            i += 1
    return opts, rest


def overlay_env(config_maps, deployment, secrets, name):
    """The environment the kubelet would give the pod's container, in its precedence (env over envFrom)."""
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    env = {}
    for source in container.get("envFrom", []):
        if "configMapRef" in source:
            env.update(config_maps[source["configMapRef"]["name"]])
        elif "secretRef" in source:
            # optional Secret: only the keys the suite supplies exist
            if not source["secretRef"].get("optional"):
                raise SystemExit(f"containers.py: {name}: non-optional Secret {source['secretRef']['name']}")
    for item in container.get("env", []):
        if "value" in item:
            env[item["name"]] = str(item["value"])
        elif "secretKeyRef" in item.get("valueFrom", {}):
            ref = item["valueFrom"]["secretKeyRef"]
            key, qualified = ref["key"], f"{ref['name']}/{ref['key']}"
            if qualified in secrets:
                env[item["name"]] = secrets[qualified]
            elif key in secrets:
                env[item["name"]] = secrets[key]
            else:
                raise SystemExit(f"containers.py: {name}: the overlay reads Secret key {qualified}: pass --secret "
                                 f"{qualified}=...")
        elif item.get("valueFrom", {}).get("fieldRef", {}).get("fieldPath") == "metadata.name":
            env[item["name"]] = PREFIX + name
        else:
            raise SystemExit(f"containers.py: {name}: env {item['name']} has a source this suite does not map")
    return env


def expected_env(config_maps, deployment, name, opts):
    secrets = pairs(opts["--secret"])
    env = overlay_env(config_maps, deployment, secrets, name)
    # a Secret mounted with envFrom (paperorchestra-keys, optional) supplies the provider keys
    reads_secret = any("secretRef" in source
                       for source in deployment["spec"]["template"]["spec"]["containers"][0].get("envFrom", []))
    if reads_secret:
        for key, value in secrets.items():
            if "/" not in key:
                env.setdefault(key, value)
    for key, value in pairs(opts["--override"]).items():
        if key not in OVERRIDABLE:
            raise SystemExit(f"containers.py: {key} is not one of the declared overrides {sorted(OVERRIDABLE)}")
        # only where the overlay sets it: an override never adds a variable (s3proxy has no Kafka address)
        if key in env:
            env[key] = value
    # what the cluster's Secret would add reaches only the containers that read it
    for key, value in pairs(opts["--add"]).items() if reads_secret else ():
        if key in env:
            raise SystemExit(f"containers.py: --add {key}: the overlay sets it for {name}; it is no addition")
        env[key] = value
    return env


def memory_bytes(quantity):
    units = {"Ki": 1024, "Mi": 1024 ** 2, "Gi": 1024 ** 3, "K": 1000, "M": 1000 ** 2, "G": 1000 ** 3}
    for unit, factor in units.items():
        if quantity.endswith(unit):
            return int(float(quantity[: -len(unit)]) * factor)
    return int(quantity)


def memory_backed(volume):
    return (volume.get("emptyDir") or {}).get("medium") == "Memory"


def spec(deployment):
    pod = deployment["spec"]["template"]["spec"]
    container = pod["containers"][0]
    security = {**(pod.get("securityContext") or {}), **(container.get("securityContext") or {})}
    return pod, container, security


def run_args(config_maps, deployments, name, opts):
    deployment = deployments[name]
    pod, container, security = spec(deployment)
    env = expected_env(config_maps, deployment, name, opts)
    # --tamper: change one value on purpose, to see verify fail (the suite's own self-check)
    env.update(pairs(opts["--tamper"]))
    if not security.get("runAsNonRoot") or security.get("runAsUser") in (None, 0):
        raise SystemExit(f"containers.py: {name}: the overlay does not make it non-root")
    args = ["--name", PREFIX + name, "--network", "host", "--label", "po.containers=dev",
            "--user", f"{security['runAsUser']}:{security.get('runAsGroup', security['runAsUser'])}"]
    if "fsGroup" in security:
        args += ["--group-add", str(security["fsGroup"])]
    if security.get("readOnlyRootFilesystem"):
        args.append("--read-only")
    for cap in (security.get("capabilities") or {}).get("drop", []):
        args += ["--cap-drop", cap]
    for cap in (security.get("capabilities") or {}).get("add", []):
        args += ["--cap-add", cap]
    if security.get("allowPrivilegeEscalation") is False:
        args += ["--security-opt", "no-new-privileges"]
    profile = security.get("seccompProfile") or {}
    seccomp = profile.get("type", "RuntimeDefault")
    if seccomp == "Unconfined":
        args += ["--security-opt", "seccomp=unconfined"]
    elif seccomp == "Localhost":
        # the node's file <kubelet seccomp root>/<localhostProfile>; here the vendored copy of the same file
        local = profile["localhostProfile"]
        args += ["--security-opt", f"seccomp={opts['--seccomp-dir']}/{local.split('/', 1)[-1]}"]
    elif seccomp != "RuntimeDefault":
        raise SystemExit(f"containers.py: {name}: seccomp profile {seccomp} is not mapped")
    limit = (container.get("resources") or {}).get("limits", {}).get("memory")
    if limit:
        args += ["--memory", str(memory_bytes(limit)), "--memory-swap", str(memory_bytes(limit))]
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    for mount in container.get("volumeMounts", []):
        volume = volumes[mount["name"]]
        if memory_backed(volume):
            # a tmpfs of the sizeLimit: its pages count against the memory limit, as in the pod
            args += ["--tmpfs", f"{mount['mountPath']}:rw,exec,nosuid,nodev,mode=1777,"
                                f"size={memory_bytes(volume['emptyDir']['sizeLimit'])}"]
            continue
        if "emptyDir" in volume:
            host = f"{opts['--volumes']}/{mount['name']}"
        elif "persistentVolumeClaim" in volume:
            host = f"{opts['--claims']}/{volume['persistentVolumeClaim']['claimName']}"
        elif "secret" in volume:
            args += ["-v", f"{opts['--secrets']}/{volume['secret']['secretName']}:{mount['mountPath']}:ro"]
            continue
        else:
            raise SystemExit(f"containers.py: {name}: volume {mount['name']} has a type this suite does not map")
        args += ["-v", f"{host}:{mount['mountPath']}" + (":ro" if mount.get("readOnly") else "")]
    for key, value in sorted(env.items()):
        args += ["-e", f"{key}={value}"]
    args.append(container["image"])
    return args


def verify(config_maps, deployments, inspect_path, opts):
    problems = []
    inspected = {c["Name"].lstrip("/"): c for c in json.load(open(inspect_path))}
    for name, deployment in sorted(deployments.items()):
        pod, container, security = spec(deployment)
        c = inspected.get(PREFIX + name)
        if c is None:
            problems.append(f"{name}: no container {PREFIX + name}")
            continue
        want = expected_env(config_maps, deployment, name, opts)
        have = dict(e.split("=", 1) for e in c["Config"]["Env"])
        for key, value in sorted(want.items()):
            if have.get(key) != value:
                shown = "unset" if key not in have else f"{have[key]!r}"
                problems.append(f"{name}: {key} is {shown}, the overlay (with the declared overrides) says {value!r}")
        for key in sorted(set(have) - set(want) - IMAGE_KEYS):
            problems.append(f"{name}: {key}={have[key]!r} is set but the overlay does not set it")
        user = f"{security['runAsUser']}:{security.get('runAsGroup', security['runAsUser'])}"
        if c["Config"]["User"] != user:
            problems.append(f"{name}: runs as {c['Config']['User']!r}, the overlay says {user}")
        host = c["HostConfig"]
        if bool(security.get("readOnlyRootFilesystem")) != bool(host.get("ReadonlyRootfs")):
            problems.append(f"{name}: read-only root filesystem {host.get('ReadonlyRootfs')}, overlay "
                            f"{security.get('readOnlyRootFilesystem')}")
        limit = (container.get("resources") or {}).get("limits", {}).get("memory")
        if limit and host.get("Memory") != memory_bytes(limit):
            problems.append(f"{name}: memory limit {host.get('Memory')}, the overlay says {limit}")
        drop = set((security.get("capabilities") or {}).get("drop", []))
        if drop and not drop <= set(host.get("CapDrop") or []):
            problems.append(f"{name}: capabilities dropped {host.get('CapDrop')}, the overlay drops {sorted(drop)}")
        if security.get("allowPrivilegeEscalation") is False and "no-new-privileges" not in (host.get("SecurityOpt") or []):
            problems.append(f"{name}: privilege escalation not prevented (no-new-privileges)")
        for volume in pod.get("volumes", []):
            mount = next((m["mountPath"] for m in container.get("volumeMounts", []) if m["name"] == volume["name"]),
                         None)
            if mount and memory_backed(volume):
                size = f"size={memory_bytes(volume['emptyDir']['sizeLimit'])}"
                if size not in (host.get("Tmpfs") or {}).get(mount, ""):
                    problems.append(f"{name}: {mount} is not a tmpfs of {volume['emptyDir']['sizeLimit']} "
                                    f"(the overlay's memory-backed emptyDir)")
        if host.get("NetworkMode") != "host":
            problems.append(f"{name}: network {host.get('NetworkMode')}, this suite uses the host's only")
    for p in problems:
        print("containers: drift: " + p, file=sys.stderr)
    print(f"containers: {len(deployments)} containers checked against the overlay: {len(problems)} differences")
    return 1 if problems else 0


def main(argv):
    opts, rest = options(argv[1:])
    if len(rest) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    command, overlay = rest[0], rest[1]
    config_maps, deployments = load(overlay)
    if command == "deployments":
        for name, d in sorted(deployments.items()):
            _, container, _ = spec(d)
            ports = {p.get("name"): p["containerPort"] for p in container.get("ports", [])}
            ready, live = container["readinessProbe"]["httpGet"], container["livenessProbe"]["httpGet"]
            annotations = d["spec"]["template"]["metadata"].get("annotations") or {}
            print(name, container["image"], ports.get(ready["port"], ready["port"]), ready["path"], live["path"],
                  annotations.get("prometheus.io/port", ports.get(ready["port"], ready["port"])),
                  annotations.get("prometheus.io/path", "/actuator/prometheus"))
        return 0
    if command == "secrets":
        # every Secret a pod mounts as a volume, with the keys it projects: NAME KEY... per line
        mounted = {}
        for d in deployments.values():
            for v in spec(d)[0].get("volumes", []):
                if "secret" in v:
                    keys = [i["key"] for i in v["secret"].get("items", [])]
                    mounted.setdefault(v["secret"]["secretName"], set()).update(keys)
        for secret, keys in sorted(mounted.items()):
            print(secret, *sorted(keys))
        return 0
    if command == "empty-dirs" and len(rest) == 3:
        pod, _, _ = spec(deployments[rest[2]])
        print("\n".join(v["name"] for v in pod.get("volumes", []) if "emptyDir" in v and not memory_backed(v)))
        return 0
    if command == "claims":
        claims = {v["persistentVolumeClaim"]["claimName"] for d in deployments.values()
                  for v in spec(d)[0].get("volumes", []) if "persistentVolumeClaim" in v}
        print("\n".join(sorted(claims)))
        return 0
    if command == "port" and len(rest) == 4:
        _, container, _ = spec(deployments[rest[2]])
        ports = [p["containerPort"] for p in container.get("ports", []) if p.get("name") == rest[3]]
        if not ports:
            raise SystemExit(f"containers.py: {rest[2]} has no port named {rest[3]}")
        print(ports[0])
        return 0
    if command == "run-args" and len(rest) == 3:
        print("\n".join(run_args(config_maps, deployments, rest[2], opts)))
        return 0
    if command == "verify" and len(rest) == 3:
        return verify(config_maps, deployments, rest[2], opts)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
