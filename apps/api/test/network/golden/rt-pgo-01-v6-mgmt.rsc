# Operações — LMC LMC-CWB-PGO-01 (Curitiba ⇄ Ponta Grossa)
# Equipamento rt-pgo-01 · RouterOS 6.x
# Gerado automaticamente: revise antes de aplicar.

/system identity
set name="rt-pgo-01"

# VLANs dos segmentos
/interface vlan
add name="vlan210-ether1" interface="ether1" vlan-id=210 comment="LMC LMC-CWB-PGO-01 segmento 2"
add name="vlan210-ether2" interface="ether2" vlan-id=210 comment="LMC LMC-CWB-PGO-01 segmento 3"

# VLANs que atravessam o equipamento
/interface bridge
add name="br-vlan210" comment="LMC LMC-CWB-PGO-01"
/interface bridge port
add bridge="br-vlan210" interface="vlan210-ether1"
add bridge="br-vlan210" interface="vlan210-ether2"

# Endereços dos segmentos ponto a ponto
/ip address
add address="10.255.10.8/31" interface="br-vlan210" comment="LMC LMC-CWB-PGO-01 segmento 3"

# Rotas para os blocos dos SVCs
/ip route
add dst-address="200.150.10.0/29" gateway="10.255.10.9" comment="SVC SVC-0001 — Cooperativa Campos Gerais"

# Configurações da organização
/interface vlan
add name="vlan99-gerencia" interface="ether1" vlan-id=99 comment="Gerência"
/ip dns
set servers="1.1.1.1,8.8.8.8"
/system ntp client
set enabled=yes server-dns-names="a.ntp.br,b.ntp.br"
/snmp community
set [ find default=yes ] name="operacoes"
/snmp
set enabled=yes
/system logging action
add name="remoto" target=remote remote="10.10.0.50"
/system logging
add action="remoto" topics="info"
add action="remoto" topics="warning"
add action="remoto" topics="error"
/user
# Defina a senha de noc no equipamento: /user set noc password=...
add name="noc" group=full
/ip service
set "api" disabled=yes
set "ftp" disabled=yes
set "telnet" disabled=yes
set "www" disabled=yes
