# Operações — remover configuração — LMC LMC-CWB-PGO-01 (Curitiba ⇄ Ponta Grossa (rádio)) · união UN-CWB-PGO (Redundância Curitiba ⇄ Ponta Grossa), configurada inteira
# Equipamento rt-pgo-01 · RouterOS 7.x
# Remove, pelas etiquetas (comment), o que o script de configuração criou; o que o equipamento já tinha fica.
# Manual: Scripting (find where, comment~) — help.mikrotik.com/docs/display/ROS/Scripting

/system ntp client servers remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/routing rule remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/ipv6 route remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/ip route remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/routing table remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/ipv6 address remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/ip address remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/interface bridge vlan remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/interface bridge port remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/interface vlan remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/interface bridge remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/interface bonding remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO|equipamento):"]
/user remove [find where comment~"^operacoes:(equipamento):"]
# Identidade, DNS, SNMP e serviços não são alterados.
