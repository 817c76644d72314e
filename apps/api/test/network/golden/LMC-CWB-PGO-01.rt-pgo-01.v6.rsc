# Operações — configuração — LMC LMC-CWB-PGO-01 (Curitiba ⇄ Ponta Grossa (rádio)) · união UN-CWB-PGO (Redundância Curitiba ⇄ Ponta Grossa), configurada inteira
# Equipamento rt-pgo-01 · RouterOS 6.x
# Gerado automaticamente: revise antes de aplicar. Pode ser aplicado de novo: cada objeto criado leva a etiqueta (comment) operacoes:<dono>:<chave> — sem ela, add; com ela, set. Um endereço que a interface já tem (com etiqueta ou não) não é criado de novo.
# Manual: Scripting (:if, :len, find) — help.mikrotik.com/docs/display/ROS/Scripting

# Identidade — manual: Identity
/system identity
set name="rt-pgo-01"

# Limpeza: remove o que versões anteriores deste script etiquetaram (LMC-CWB-PGO-01, LMC-CWB-PGO-02, UN-CWB-PGO, equipamento) e esta não cria mais — manual: Scripting (find where, comment~)
/ip route rule remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):" and comment!="operacoes:UN-CWB-PGO:regra-retorno:200.150.10.0/29" and comment!="operacoes:UN-CWB-PGO:regra-retorno:200.150.10.8/30" and comment!="operacoes:equipamento:regra-gerencia:4"]
/ipv6 route remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/ip route remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):" and comment!="operacoes:UN-CWB-PGO:retorno:4:10.255.10.1" and comment!="operacoes:UN-CWB-PGO:retorno:4:10.255.10.5" and comment!="operacoes:equipamento:rota-gerencia:4"]
/ipv6 address remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/ip address remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):" and comment!="operacoes:LMC-CWB-PGO-01:ip:10.255.10.2/30:vlan210-ether1" and comment!="operacoes:LMC-CWB-PGO-02:ip:10.255.10.6/30:vlan220-ether2" and comment!="operacoes:LMC-CWB-PGO-01:ip:200.150.10.1/29:vlan210-ether3" and comment!="operacoes:LMC-CWB-PGO-01:ip:200.150.10.9/30:vlan210-ether4" and comment!="operacoes:equipamento:ip:10.30.0.1/24:vlan100-gerencia"]
/interface bridge vlan remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/interface bridge port remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/interface vlan remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):" and comment!="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether1" and comment!="operacoes:LMC-CWB-PGO-02:vlan:vlan220-ether2" and comment!="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether3" and comment!="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether4" and comment!="operacoes:equipamento:vlan:vlan100-gerencia"]
/interface bridge remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/interface bonding remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]

# Interfaces VLAN — manual: VLAN
:if ([:len [/interface vlan find comment="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether1"]] = 0) do={ /interface vlan add name="vlan210-ether1" interface="ether1" vlan-id=210 comment="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether1" } else={ /interface vlan set [find comment="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether1"] name="vlan210-ether1" interface="ether1" vlan-id=210 }
:if ([:len [/interface vlan find comment="operacoes:LMC-CWB-PGO-02:vlan:vlan220-ether2"]] = 0) do={ /interface vlan add name="vlan220-ether2" interface="ether2" vlan-id=220 comment="operacoes:LMC-CWB-PGO-02:vlan:vlan220-ether2" } else={ /interface vlan set [find comment="operacoes:LMC-CWB-PGO-02:vlan:vlan220-ether2"] name="vlan220-ether2" interface="ether2" vlan-id=220 }
:if ([:len [/interface vlan find comment="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether3"]] = 0) do={ /interface vlan add name="vlan210-ether3" interface="ether3" vlan-id=210 comment="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether3" } else={ /interface vlan set [find comment="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether3"] name="vlan210-ether3" interface="ether3" vlan-id=210 }
:if ([:len [/interface vlan find comment="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether4"]] = 0) do={ /interface vlan add name="vlan210-ether4" interface="ether4" vlan-id=210 comment="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether4" } else={ /interface vlan set [find comment="operacoes:LMC-CWB-PGO-01:vlan:vlan210-ether4"] name="vlan210-ether4" interface="ether4" vlan-id=210 }
:if ([:len [/interface vlan find comment="operacoes:equipamento:vlan:vlan100-gerencia"]] = 0) do={ /interface vlan add name="vlan100-gerencia" interface="ether5" vlan-id=100 comment="operacoes:equipamento:vlan:vlan100-gerencia" } else={ /interface vlan set [find comment="operacoes:equipamento:vlan:vlan100-gerencia"] name="vlan100-gerencia" interface="ether5" vlan-id=100 }

# Endereços IPv4 — manual: IP Addressing
:if ([:len [/ip address find address="10.255.10.2/30" interface="vlan210-ether1"]] = 0) do={ /ip address add address="10.255.10.2/30" interface="vlan210-ether1" comment="operacoes:LMC-CWB-PGO-01:ip:10.255.10.2/30:vlan210-ether1" }
:if ([:len [/ip address find address="10.255.10.6/30" interface="vlan220-ether2"]] = 0) do={ /ip address add address="10.255.10.6/30" interface="vlan220-ether2" comment="operacoes:LMC-CWB-PGO-02:ip:10.255.10.6/30:vlan220-ether2" }
:if ([:len [/ip address find address="200.150.10.1/29" interface="vlan210-ether3"]] = 0) do={ /ip address add address="200.150.10.1/29" interface="vlan210-ether3" comment="operacoes:LMC-CWB-PGO-01:ip:200.150.10.1/29:vlan210-ether3" }
:if ([:len [/ip address find address="200.150.10.9/30" interface="vlan210-ether4"]] = 0) do={ /ip address add address="200.150.10.9/30" interface="vlan210-ether4" comment="operacoes:LMC-CWB-PGO-01:ip:200.150.10.9/30:vlan210-ether4" }
:if ([:len [/ip address find address="10.30.0.1/24" interface="vlan100-gerencia"]] = 0) do={ /ip address add address="10.30.0.1/24" interface="vlan100-gerencia" comment="operacoes:equipamento:ip:10.30.0.1/24:vlan100-gerencia" }

# Rotas IPv4 — manual: IP Routing (distance, check-gateway=ping); Policy Routing (rota numa tabela: routing-table= e gateway@main no RouterOS 7, routing-mark= no 6)
# Retorno: 0.0.0.0/0 na tabela operacoes-retorno-UN-CWB-PGO via 2 caminhos (o principal com distance 1, check-gateway=ping).
:if ([:len [/ip route find comment="operacoes:UN-CWB-PGO:retorno:4:10.255.10.1"]] = 0) do={ /ip route add dst-address="0.0.0.0/0" gateway="10.255.10.1" distance=1 check-gateway=ping routing-mark="operacoes-retorno-UN-CWB-PGO" comment="operacoes:UN-CWB-PGO:retorno:4:10.255.10.1" } else={ /ip route set [find comment="operacoes:UN-CWB-PGO:retorno:4:10.255.10.1"] dst-address="0.0.0.0/0" gateway="10.255.10.1" distance=1 check-gateway=ping routing-mark="operacoes-retorno-UN-CWB-PGO" }
:if ([:len [/ip route find comment="operacoes:UN-CWB-PGO:retorno:4:10.255.10.5"]] = 0) do={ /ip route add dst-address="0.0.0.0/0" gateway="10.255.10.5" distance=2 check-gateway=ping routing-mark="operacoes-retorno-UN-CWB-PGO" comment="operacoes:UN-CWB-PGO:retorno:4:10.255.10.5" } else={ /ip route set [find comment="operacoes:UN-CWB-PGO:retorno:4:10.255.10.5"] dst-address="0.0.0.0/0" gateway="10.255.10.5" distance=2 check-gateway=ping routing-mark="operacoes-retorno-UN-CWB-PGO" }
:if ([:len [/ip route find comment="operacoes:equipamento:rota-gerencia:4"]] = 0) do={ /ip route add dst-address="0.0.0.0/0" gateway="10.30.0.254" routing-mark="operacoes-gerencia" comment="operacoes:equipamento:rota-gerencia:4" } else={ /ip route set [find comment="operacoes:equipamento:rota-gerencia:4"] dst-address="0.0.0.0/0" gateway="10.30.0.254" routing-mark="operacoes-gerencia" }

# Regras de roteamento — manual: Policy Routing (RouterOS 6: /ip route rule src-address= action= table=, só IPv4)
# SVC SVC-0001: o tráfego com origem em 200.150.10.0/29 volta pela tabela operacoes-retorno-UN-CWB-PGO.
:if ([:len [/ip route rule find comment="operacoes:UN-CWB-PGO:regra-retorno:200.150.10.0/29"]] = 0) do={ /ip route rule add src-address="200.150.10.0/29" action=lookup-only-in-table table="operacoes-retorno-UN-CWB-PGO" comment="operacoes:UN-CWB-PGO:regra-retorno:200.150.10.0/29" } else={ /ip route rule set [find comment="operacoes:UN-CWB-PGO:regra-retorno:200.150.10.0/29"] src-address="200.150.10.0/29" action=lookup-only-in-table table="operacoes-retorno-UN-CWB-PGO" }
# SVC SVC-0002: o tráfego com origem em 200.150.10.8/30 volta pela tabela operacoes-retorno-UN-CWB-PGO.
:if ([:len [/ip route rule find comment="operacoes:UN-CWB-PGO:regra-retorno:200.150.10.8/30"]] = 0) do={ /ip route rule add src-address="200.150.10.8/30" action=lookup-only-in-table table="operacoes-retorno-UN-CWB-PGO" comment="operacoes:UN-CWB-PGO:regra-retorno:200.150.10.8/30" } else={ /ip route rule set [find comment="operacoes:UN-CWB-PGO:regra-retorno:200.150.10.8/30"] src-address="200.150.10.8/30" action=lookup-only-in-table table="operacoes-retorno-UN-CWB-PGO" }
:if ([:len [/ip route rule find comment="operacoes:equipamento:regra-gerencia:4"]] = 0) do={ /ip route rule add src-address="10.30.0.1/32" action=lookup table="operacoes-gerencia" comment="operacoes:equipamento:regra-gerencia:4" } else={ /ip route rule set [find comment="operacoes:equipamento:regra-gerencia:4"] src-address="10.30.0.1/32" action=lookup table="operacoes-gerencia" }

# Configurações da organização
# DNS — manual: DNS
/ip dns
set servers="1.1.1.1,8.8.8.8"
# NTP — manual: NTP
/system ntp client
set enabled=yes server-dns-names="a.ntp.br,b.ntp.br"
# SNMP — manual: SNMP
/snmp community
set [ find default=yes ] name="operacoes"
/snmp
set enabled=yes
# Usuários — manual: User
# noc: criado desativado e sem senha. No equipamento: /user set [find name="noc"] password=<senha forte> disabled=no
:if ([:len [/user find name="noc"]] = 0) do={ /user add name="noc" group=full disabled=yes comment="operacoes:equipamento:usuario:noc" }
# Serviços — manual: Services
/ip service
set "api" disabled=yes
set "ftp" disabled=yes
set "telnet" disabled=yes
set "www" disabled=yes
# ssh, winbox só a partir dos blocos de gerência (aplique estando num deles)
set "ssh" address="10.10.0.0/24,10.30.0.0/24"
set "winbox" address="10.10.0.0/24,10.30.0.0/24"
